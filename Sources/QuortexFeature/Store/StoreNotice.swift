/// A purchase's end that is not an error, said once under the store's list.
public enum StoreNotice: Equatable, Sendable {
    case purchased(name: String)
    /// Ask to Buy or a payment check: the App Store tells the app when it is approved.
    case pending
    case cancelled
    case restored(count: Int)
    case nothingToRestore

    public var message: String {
        switch self {
        case .purchased(let name): "\(name) is yours."
        case .pending: "Your purchase is waiting for approval. It is added as soon as the App Store approves it."
        case .cancelled: "Purchase cancelled. You were not charged."
        case .restored(let count): count == 1 ? "1 purchase restored." : "\(count) purchases restored."
        case .nothingToRestore: "There was nothing to restore on this Apple Account."
        }
    }
}
