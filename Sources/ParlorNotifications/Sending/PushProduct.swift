import Foundation

/// The app a notification is for: it goes only to devices of that product's bundle ids, so a
/// TopDog install never shows Quortex's "Your turn".
public enum PushProduct: String, Sendable, CaseIterable, Codable {
    case quortex
    case oneForTheBoys = "oneforboys"
    case topDog = "topdog"
    case tandem
    case pubGames = "pubgames"

    /// The product whose app plays `gameType`: Quortex plays its own game; every other game the
    /// server runs is a party game of OneForTheBoys (Crazy Eights and those that follow it).
    package static func playing(_ gameType: String) -> PushProduct {
        gameType == "quortex" ? .quortex : .oneForTheBoys
    }

    /// The App Store bundle id each product ships under.
    public var defaultBundleID: String {
        switch self {
        case .quortex: "com.quortex.app"
        case .oneForTheBoys: "com.oneforboys.app"
        case .topDog: "com.topdog.app"
        case .tandem: "com.tandemdaily.app"
        case .pubGames: "com.pubgames.app"
        }
    }
}

/// Each product's bundle ids (a product may ship more than one build, such as a beta).
public struct PushProducts: Sendable, Equatable {
    public private(set) var bundles: [PushProduct: Set<String>]

    public init(_ bundles: [PushProduct: Set<String>]) { self.bundles = bundles.filter { !$0.value.isEmpty } }

    /// Every product under its App Store bundle id.
    public static let standard = PushProducts(Dictionary(uniqueKeysWithValues: PushProduct.allCases.map { ($0, [$0.defaultBundleID]) }))

    /// The bundle ids a notification for `product` may reach; every app's for a notification of no
    /// product (a test push, or one stored before notifications named their product).
    package func bundleIDs(of product: PushProduct?) -> Set<String> {
        guard let product else { return all }
        return bundles[product] ?? []
    }

    /// The apps devices may register for.
    public var all: Set<String> { Set(bundles.values.joined()) }

    /// `product=bundle.id` entries, as the `push_bundle_ids` setting gives them; nil with the
    /// entry that is wrong.
    public static func parse(_ entries: [String]) -> Result<PushProducts, PushProductsError> {
        var bundles: [PushProduct: Set<String>] = [:]
        for entry in entries {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let product = PushProduct(rawValue: parts[0].lowercased()), !parts[1].isEmpty,
                parts[1].wholeMatch(of: DeviceRegistrationRules.bundleID) != nil
            else { return .failure(PushProductsError(entry: entry)) }
            bundles[product, default: []].insert(parts[1])
        }
        return .success(PushProducts(bundles))
    }
}

/// A `push_bundle_ids` entry that is not `product=bundle.id`.
public struct PushProductsError: Error, Equatable, CustomStringConvertible {
    public let entry: String
    public var description: String {
        "'\(entry)' is not product=bundle.id (products: \(PushProduct.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
