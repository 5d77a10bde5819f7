import Foundation
import ParlorAPI
import Quortex

/// What the server says the player owns in Quortex: themes (bought, or with Plus), the undo and
/// hint balances, and the subscription. Only the server's word counts; the device never grants.
public struct StoreEntitlements: Equatable, Sendable {
    public enum Tier: String, Equatable, Sendable {
        case plus, pro

        public var title: String {
            switch self {
            case .plus: "Quortex Plus"
            case .pro: "Quortex Pro"
            }
        }
    }

    /// The newest subscription, whatever its state.
    public struct Subscription: Equatable, Sendable {
        public enum Status: String, Equatable, Sendable {
            case active
            case gracePeriod = "grace_period"
            case billingRetry = "billing_retry"
            case expired, revoked

            /// Whether it still buys what it sells (Apple keeps a lapsed payment working for a while).
            public var isInForce: Bool { self == .active || self == .gracePeriod || self == .billingRetry }
        }

        public let productID: String
        public let status: Status
        public let expiresAt: Date?
        public let autoRenew: Bool

        public init(productID: String, status: Status, expiresAt: Date?, autoRenew: Bool) {
            self.productID = productID
            self.status = status
            self.expiresAt = expiresAt
            self.autoRenew = autoRenew
        }
    }

    /// Theme ids as the server names them, including ones this build does not draw yet.
    public let themeIDs: [String]
    public let ownedProductIDs: Set<String>
    public let undos: Int
    public let hints: Int
    public let unlimitedUndosAndHints: Bool
    public let tier: Tier?
    public let subscription: Subscription?

    public init(
        themeIDs: [String] = [], ownedProductIDs: Set<String> = [], undos: Int = 0, hints: Int = 0, unlimitedUndosAndHints: Bool = false,
        tier: Tier? = nil, subscription: Subscription? = nil
    ) {
        self.themeIDs = themeIDs
        self.ownedProductIDs = ownedProductIDs
        self.undos = undos
        self.hints = hints
        self.unlimitedUndosAndHints = unlimitedUndosAndHints
        self.tier = tier
        self.subscription = subscription
    }

    /// Nothing bought: what a new player has.
    public static let nothing = StoreEntitlements()

    /// The themes this build draws that the player may use; the standard one is everyone's.
    public var themes: [QuortexTheme] {
        let owned = Set(themeIDs.compactMap(QuortexTheme.init(rawValue:)))
        return QuortexTheme.allCases.filter { $0 == .standard || owned.contains($0) }
    }

    public func owns(_ theme: QuortexTheme) -> Bool { themes.contains(theme) }

    init(_ wire: Components.Schemas.Entitlements) {
        self.init(
            themeIDs: wire.themes, ownedProductIDs: Set(wire.ownedProductIds), undos: wire.undos, hints: wire.hints,
            unlimitedUndosAndHints: wire.unlimitedHintsAndUndos, tier: wire.tier.flatMap { Tier(rawValue: $0.rawValue) },
            subscription: wire.subscription.flatMap { each in
                Subscription.Status(rawValue: each.status.rawValue).map {
                    Subscription(productID: each.productId, status: $0, expiresAt: each.expiresAt, autoRenew: each.autoRenew)
                }
            })
    }
}
