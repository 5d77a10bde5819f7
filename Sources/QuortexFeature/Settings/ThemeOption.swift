import Quortex

/// A theme as the settings list it: owned ones can be chosen, the others are shown locked and
/// lead to the store.
public struct ThemeOption: Equatable, Sendable, Identifiable {
    public let theme: QuortexTheme
    public let isOwned: Bool
    public let isSelected: Bool

    public var id: String { theme.rawValue }
    public var title: String { Self.title(theme) }

    /// How it is bought, for a locked one: its own product, or Quortex Plus.
    public var unlockText: String? {
        guard !isOwned else { return nil }
        return QuortexCatalogue.product(selling: theme) == nil ? "With Quortex Plus" : "In the Store"
    }

    public static func title(_ theme: QuortexTheme) -> String {
        switch theme {
        case .standard: "Standard"
        case .neon: "Neon"
        case .classicWood: "Classic Wood"
        case .ocean: "Ocean"
        case .aurora: "Aurora"
        case .midnight: "Midnight"
        case .sunset: "Sunset"
        }
    }
}
