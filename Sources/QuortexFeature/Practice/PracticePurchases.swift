import AppFoundation

/// What practice knows of the player's balances: read, signed out (only the free ones), or
/// unreadable (offline: the free ones still work, and a paid one asks the server itself).
public enum PracticePurchases: Equatable, Sendable {
    case loading
    case signedOut
    case loaded(PracticeBalances)
    case unavailable(ErrorPresentation)

    public var balances: PracticeBalances? {
        if case .loaded(let balances) = self { balances } else { nil }
    }

    public var isUnlimited: Bool { balances?.unlimited == true }
}

/// How many undos (or hints) the player has left in this game: the free ones, then the balance.
public struct PracticeAllowance: Equatable, Sendable {
    public var free: Int
    /// The balance; nil when it is not known (signed out, or not read).
    public var paid: Int?
    public var unlimited: Bool

    public init(free: Int, paid: Int?, unlimited: Bool) {
        self.free = free
        self.paid = paid
        self.unlimited = unlimited
    }

    /// What a button shows beside its title: "3 free", "1 free + 5", "5", "Unlimited".
    public var text: String {
        if unlimited { return "Unlimited" }
        switch (free, paid) {
        case (0, let paid?): return "\(paid)"
        case (0, nil): return "0 free"
        case (let free, let paid?) where paid > 0: return "\(free) free + \(paid)"
        case (let free, _): return "\(free) free"
        }
    }
}

/// The store's offer when practice refuses an undo or a hint: its words, whether signing in
/// comes first, and the products that would let the player go on (a pack, or Pro).
public struct PracticeStoreOffer: Equatable, Sendable, Identifiable {
    public var item: PracticeItem
    public var title: String
    public var message: String
    /// Signed out: the balances belong to an account, so signing in comes before buying.
    public var needsSignIn: Bool
    public var productIDs: [String]

    public var id: String { item.rawValue + (needsSignIn ? "|sign-in" : "|store") }

    /// The packs and the subscription that would let the player go on.
    static func products(for item: PracticeItem) -> [String] {
        let pack = item == .undo ? "com.quortex.undo.pack5" : "com.quortex.hint.pack10"
        return [pack, "com.quortex.pro.monthly", "com.quortex.pro.yearly"]
    }

    /// The server refused: nothing left to spend.
    static func empty(_ item: PracticeItem, _ refusal: ErrorPresentation) -> PracticeStoreOffer {
        PracticeStoreOffer(
            item: item, title: "No \(item.plural) left", message: refusal.message, needsSignIn: false, productIDs: products(for: item))
    }

    /// Nobody is signed in, and this game's free ones are spent.
    static func signIn(_ item: PracticeItem, freePerGame: Int) -> PracticeStoreOffer {
        PracticeStoreOffer(
            item: item, title: "Sign in for more \(item.plural)",
            message: "This game's \(freePerGame) free \(item.plural) are used. Sign in to spend \(item == .undo ? "an undo" : "a hint") pack, "
                + "or subscribe to Pro for unlimited \(item.plural).",
            needsSignIn: true, productIDs: products(for: item))
    }
}
