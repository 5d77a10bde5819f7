import Quortex

/// What Quortex sells, as the App Store and the server both name it (the server's catalogue,
/// `DefaultCatalogue`, holds the same ids with what each grants). The store lists these in this
/// order; a product App Store Connect does not answer for is left out.
public enum QuortexCatalogue {
    /// The app the server keeps the player's purchases under.
    public static let bundleID = "com.quortex.app"

    /// The store's groups, in the order the store shows them.
    public enum Section: String, CaseIterable, Sendable {
        case themes, packs, plus, pro

        public var title: String {
            switch self {
            case .themes: "Themes"
            case .packs: "Undos and Hints"
            case .plus: "Quortex Plus"
            case .pro: "Quortex Pro"
            }
        }

        /// One line under the title: what the group buys.
        public var footnote: String {
            switch self {
            case .themes: "Yours for good, on every device signed in to your account."
            case .packs: "For practice games against the bots, after the free ones."
            case .plus: "The aurora, midnight and sunset themes, priority matchmaking and all your finished games."
            case .pro: "Everything in Plus, with unlimited undos and hints."
            }
        }
    }

    /// One product the store lists.
    public struct Item: Equatable, Sendable {
        public let id: String
        public let section: Section
        /// The theme a theme product unlocks.
        public let theme: QuortexTheme?
    }

    public static let items: [Item] = [
        Item(id: "com.quortex.theme.neon", section: .themes, theme: .neon),
        Item(id: "com.quortex.theme.classic", section: .themes, theme: .classicWood),
        Item(id: "com.quortex.theme.ocean", section: .themes, theme: .ocean),
        Item(id: "com.quortex.undo.pack5", section: .packs, theme: nil),
        Item(id: "com.quortex.hint.pack10", section: .packs, theme: nil),
        Item(id: "com.quortex.plus.monthly", section: .plus, theme: nil),
        Item(id: "com.quortex.plus.yearly", section: .plus, theme: nil),
        Item(id: "com.quortex.pro.monthly", section: .pro, theme: nil),
        Item(id: "com.quortex.pro.yearly", section: .pro, theme: nil),
    ]

    public static var productIDs: [String] { items.map(\.id) }

    public static func item(_ id: String) -> Item? { items.first { $0.id == id } }

    /// The product that sells `theme`; nil for the standard theme and Plus's own.
    public static func product(selling theme: QuortexTheme) -> Item? { items.first { $0.theme == theme } }
}
