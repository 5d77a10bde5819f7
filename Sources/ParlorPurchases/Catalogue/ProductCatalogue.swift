import Foundation

/// What each app sells, read from JSON (``DefaultCatalogue`` or the operator's file): products
/// are configuration, not code. Checked as it loads, so a bad catalogue stops the server at start.
package struct ProductCatalogue: Sendable, Equatable {
    package enum ProductType: String, Codable, Sendable {
        case consumable
        case nonConsumable = "non_consumable"
        case autoRenewable = "auto_renewable"
    }

    /// What a subscription tier includes; Pro includes all of Plus.
    package enum Tier: String, Codable, Sendable, Comparable {
        case plus, pro

        package static func < (a: Tier, b: Tier) -> Bool { a == .plus && b == .pro }
    }

    /// What owning a product gives.
    package struct Grants: Codable, Sendable, Equatable {
        package var theme: String?
        package var skin: String?
        package var hints: Int?
        package var undos: Int?
    }

    package struct Product: Codable, Sendable, Equatable {
        package var id: String
        package var type: ProductType
        package var grants: Grants?
        /// Auto-renewable products: the subscription group and the tier it buys.
        package var group: String?
        package var tier: Tier?
    }

    package struct App: Codable, Sendable, Equatable {
        package var bundleID: String
        /// The online games whose hints and benefits this app's purchases pay for.
        package var games: [String]
        package var products: [Product]
        /// Themes every subscriber of a tier (or better) has without buying them.
        package var subscriptionThemes: [Tier: [String]]

        enum CodingKeys: String, CodingKey {
            case bundleID = "bundle_id", games, products, subscriptionThemes = "subscription_themes"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            bundleID = try container.decode(String.self, forKey: .bundleID)
            games = try container.decodeIfPresent([String].self, forKey: .games) ?? []
            products = try container.decode([Product].self, forKey: .products)
            let themes = try container.decodeIfPresent([String: [String]].self, forKey: .subscriptionThemes) ?? [:]
            subscriptionThemes = [:]
            for (key, value) in themes {
                guard let tier = Tier(rawValue: key) else {
                    throw DecodingError.dataCorruptedError(forKey: .subscriptionThemes, in: container, debugDescription: "unknown tier \(key)")
                }
                subscriptionThemes[tier] = value
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(bundleID, forKey: .bundleID)
            try container.encode(games, forKey: .games)
            try container.encode(products, forKey: .products)
            try container.encode(Dictionary(uniqueKeysWithValues: subscriptionThemes.map { ($0.key.rawValue, $0.value) }), forKey: .subscriptionThemes)
        }

        package func product(_ id: String) -> Product? { products.first { $0.id == id } }
    }

    package var apps: [App]

    package func app(_ bundleID: String) -> App? { apps.first { $0.bundleID == bundleID } }

    /// The app whose purchases pay for `game`'s hints and benefits.
    package func app(forGame game: String) -> App? { apps.first { $0.games.contains(game) } }

    /// Reads and checks a catalogue.
    package static func load(json: Data) throws(CatalogueError) -> ProductCatalogue {
        struct Document: Decodable { var apps: [App] }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: json)
        } catch {
            throw CatalogueError("the product catalogue does not decode: \(error)")
        }
        let catalogue = ProductCatalogue(apps: document.apps)
        try catalogue.check()
        return catalogue
    }

    func check() throws(CatalogueError) {
        var bundles = Set<String>(), games = Set<String>()
        for app in apps {
            guard bundles.insert(app.bundleID).inserted else { throw CatalogueError("\(app.bundleID) is listed twice") }
            for game in app.games where !games.insert(game).inserted { throw CatalogueError("\(game) belongs to two apps") }
            var ids = Set<String>()
            for product in app.products {
                guard ids.insert(product.id).inserted else { throw CatalogueError("\(product.id) is listed twice in \(app.bundleID)") }
                let grants = product.grants ?? Grants()
                switch product.type {
                case .consumable:
                    guard (grants.hints ?? 0) > 0 || (grants.undos ?? 0) > 0, grants.theme == nil, grants.skin == nil else {
                        throw CatalogueError("consumable \(product.id) must grant a positive number of hints or undos, and nothing else")
                    }
                case .nonConsumable:
                    guard (grants.theme != nil) != (grants.skin != nil), grants.hints == nil, grants.undos == nil else {
                        throw CatalogueError("non-consumable \(product.id) must grant one theme or one skin")
                    }
                case .autoRenewable:
                    guard product.group != nil, product.tier != nil, product.grants == nil else {
                        throw CatalogueError("subscription \(product.id) needs a group and a tier (plus or pro), and no grants")
                    }
                }
            }
        }
    }
}

package struct CatalogueError: Error, CustomStringConvertible, Sendable {
    package var description: String

    init(_ description: String) { self.description = description }
}
