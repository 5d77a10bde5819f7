// What the App Store sells, as StoreKit 2 describes it, and buying it.

// https://developer.apple.com/documentation/storekit/product
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Product: Identifiable, Equatable, Hashable, Sendable {
    // https://developer.apple.com/documentation/storekit/product/id-swift.typealias
    public typealias ID = String
    // https://developer.apple.com/documentation/storekit/product/id-swift.property
    public var id: String { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/displayname
    public var displayName: String { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/description
    public var description: String { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/displayprice
    public var displayPrice: String { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/type-swift.property
    public var type: Product.ProductType { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/subscription
    public var subscription: Product.SubscriptionInfo? { fatalError() }

    // https://developer.apple.com/documentation/storekit/product/products(for:)
    public static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product]
    where Identifiers: Collection, Identifiers.Element == String { fatalError() }

    // https://developer.apple.com/documentation/storekit/product/purchase(options:)
    @MainActor public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult { fatalError() }

    // https://developer.apple.com/documentation/storekit/product/==(_:_:)
    public static func == (a: Product, b: Product) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/storekit/product/hash(into:)
    public func hash(into hasher: inout Hasher) { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension Product {
    // https://developer.apple.com/documentation/storekit/product/producttype
    public struct ProductType: RawRepresentable, Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/storekit/product/producttype/rawvalue
        public let rawValue: String
        // https://developer.apple.com/documentation/storekit/product/producttype/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/storekit/product/producttype/consumable
        public static let consumable = ProductType(rawValue: "Consumable")
        // https://developer.apple.com/documentation/storekit/product/producttype/nonconsumable
        public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
        // https://developer.apple.com/documentation/storekit/product/producttype/nonrenewable
        public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
        // https://developer.apple.com/documentation/storekit/product/producttype/autorenewable
        public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")
    }

    // https://developer.apple.com/documentation/storekit/product/subscriptioninfo
    public struct SubscriptionInfo: Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/subscriptionperiod
        public var subscriptionPeriod: Product.SubscriptionPeriod { fatalError() }
        // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/subscriptiongroupid
        public var subscriptionGroupID: String { fatalError() }
    }

    // https://developer.apple.com/documentation/storekit/product/subscriptionperiod
    public struct SubscriptionPeriod: Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/storekit/product/subscriptionperiod/unit-swift.property
        public var unit: Product.SubscriptionPeriod.Unit { fatalError() }
        // https://developer.apple.com/documentation/storekit/product/subscriptionperiod/value
        public var value: Int { fatalError() }

        // https://developer.apple.com/documentation/storekit/product/subscriptionperiod/unit-swift.enum
        public enum Unit: Equatable, Hashable, Sendable {
            case day, week, month, year
        }
    }

    // https://developer.apple.com/documentation/storekit/product/purchaseoption
    public struct PurchaseOption: Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/storekit/product/purchaseoption/appaccounttoken(_:)
        public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption { fatalError() }
    }

    // https://developer.apple.com/documentation/storekit/product/purchaseresult
    public enum PurchaseResult: Equatable, Sendable {
        // https://developer.apple.com/documentation/storekit/product/purchaseresult/success(_:)
        case success(VerificationResult<Transaction>)
        // https://developer.apple.com/documentation/storekit/product/purchaseresult/usercancelled
        case userCancelled
        // https://developer.apple.com/documentation/storekit/product/purchaseresult/pending
        case pending
    }
}

// https://developer.apple.com/documentation/storekit/storekiterror
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum StoreKitError: Error, Sendable {
    case unknown
    case userCancelled
    // https://developer.apple.com/documentation/storekit/storekiterror/networkerror(_:)
    case networkError(URLError)
    case systemError(any Error)
    case notAvailableInStorefront
    case notEntitled
    case unsupported
}
