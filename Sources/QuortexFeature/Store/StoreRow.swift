/// One product as the store lists it: its name, what it costs or that it is owned, and whether
/// its button works now.
public struct StoreRow: Equatable, Sendable, Identifiable {
    public enum Ownership: Equatable, Sendable {
        case buyable
        /// A theme bought before (non-consumables are bought once).
        case owned
        /// The subscription in force.
        case currentPlan
    }

    public let id: String
    public let title: String
    public let detail: String
    /// `$0.99`, `$2.99 / month`.
    public let priceText: String
    public let ownership: Ownership
    public let isBuying: Bool
    public let canBuy: Bool

    /// What the row's button says.
    public var buttonTitle: String {
        switch ownership {
        case .buyable: isBuying ? "Buying…" : priceText
        case .owned: "Owned"
        case .currentPlan: "Current Plan"
        }
    }
}

/// A titled group of rows (themes, packs, Plus, Pro).
public struct StoreGroup: Equatable, Sendable, Identifiable {
    public let section: QuortexCatalogue.Section
    public let rows: [StoreRow]

    public var id: String { section.rawValue }
    public var title: String { section.title }
    public var footnote: String { section.footnote }
}
