// A purchase the App Store signed, and the sequences it arrives in.

// https://developer.apple.com/documentation/storekit/transaction
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Transaction: Identifiable, Equatable, Hashable, Sendable {
    // https://developer.apple.com/documentation/storekit/transaction/id
    public var id: UInt64 { fatalError() }
    // https://developer.apple.com/documentation/storekit/transaction/productid
    public var productID: String { fatalError() }
    // https://developer.apple.com/documentation/storekit/transaction/appaccounttoken
    public var appAccountToken: UUID? { fatalError() }

    // https://developer.apple.com/documentation/storekit/transaction/finish()
    public func finish() async { fatalError() }

    // https://developer.apple.com/documentation/storekit/transaction/updates
    public static var updates: Transaction.Transactions { fatalError() }
    // https://developer.apple.com/documentation/storekit/transaction/currententitlements
    public static var currentEntitlements: Transaction.Transactions { fatalError() }
    // https://developer.apple.com/documentation/storekit/transaction/unfinished
    public static var unfinished: Transaction.Transactions { fatalError() }

    // https://developer.apple.com/documentation/storekit/transaction/==(_:_:)
    public static func == (a: Transaction, b: Transaction) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/storekit/transaction/hash(into:)
    public func hash(into hasher: inout Hasher) { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension Transaction {
    // https://developer.apple.com/documentation/storekit/transaction/transactions
    public struct Transactions: AsyncSequence, Sendable {
        // https://developer.apple.com/documentation/storekit/transaction/transactions/element
        public typealias Element = VerificationResult<Transaction>

        // https://developer.apple.com/documentation/storekit/transaction/transactions/asynciterator
        public struct AsyncIterator: AsyncIteratorProtocol {
            // https://developer.apple.com/documentation/storekit/transaction/transactions/asynciterator/next()
            public mutating func next() async -> VerificationResult<Transaction>? { fatalError() }
        }

        // https://developer.apple.com/documentation/storekit/transaction/transactions/makeasynciterator()
        public func makeAsyncIterator() -> Transaction.Transactions.AsyncIterator { fatalError() }
    }
}

// https://developer.apple.com/documentation/storekit/verificationresult
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
@frozen public enum VerificationResult<SignedType> {
    // https://developer.apple.com/documentation/storekit/verificationresult/unverified(_:_:)
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    // https://developer.apple.com/documentation/storekit/verificationresult/verified(_:)
    case verified(SignedType)

    // https://developer.apple.com/documentation/storekit/verificationresult/verificationerror
    public enum VerificationError: Error, Equatable, Sendable {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }

    // https://developer.apple.com/documentation/storekit/verificationresult/unsafepayloadvalue
    public var unsafePayloadValue: SignedType { fatalError() }
    // https://developer.apple.com/documentation/storekit/verificationresult/jwsrepresentation-21vgo
    public var jwsRepresentation: String { fatalError() }
}

// https://developer.apple.com/documentation/storekit/verificationresult#conforms-to
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension VerificationResult: Sendable where SignedType: Sendable {}

// https://developer.apple.com/documentation/storekit/verificationresult#conforms-to
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension VerificationResult: Equatable where SignedType: Equatable {}
