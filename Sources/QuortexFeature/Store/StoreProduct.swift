import Foundation

/// A product as the App Store describes it to this device: its name and price in the player's
/// own storefront (never worked out here), what kind it is, and a subscription's period.
public struct StoreProduct: Equatable, Sendable, Identifiable {
    public enum Kind: Equatable, Sendable {
        case consumable
        case nonConsumable
        case autoRenewable
    }

    public enum Period: Equatable, Sendable {
        case month
        case year

        /// `/ month`, as a price is followed by it.
        public var perText: String {
            switch self {
            case .month: "/ month"
            case .year: "/ year"
            }
        }
    }

    public let id: String
    public let displayName: String
    public let description: String
    /// `$0.99`, formatted by the App Store for the player's storefront.
    public let priceText: String
    public let kind: Kind
    public let period: Period?

    public init(id: String, displayName: String, description: String = "", priceText: String, kind: Kind, period: Period? = nil) {
        self.id = id
        self.displayName = displayName
        self.description = description
        self.priceText = priceText
        self.kind = kind
        self.period = period
    }
}

/// A transaction the App Store signed: what the server verifies. `id` is the App Store's
/// transaction id, which the server records once, so handing it over again grants nothing twice.
public struct SignedStoreTransaction: Equatable, Sendable {
    public let id: String
    public let productID: String
    /// `Transaction.jwsRepresentation`.
    public let jws: String

    public init(id: String, productID: String, jws: String) {
        self.id = id
        self.productID = productID
        self.jws = jws
    }
}

/// How a purchase sheet ended.
public enum PurchaseOutcome: Equatable, Sendable {
    case purchased(SignedStoreTransaction)
    /// Waiting for approval (Ask to Buy, a payment check); it arrives later through the updates.
    case pending
    case cancelled
}
