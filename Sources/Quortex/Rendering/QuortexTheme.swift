/// A look for the board. The ids are the server's: a theme is owned when the player's
/// entitlements list it (bought, or with a subscription); `standard` is everyone's.
public enum QuortexTheme: String, CaseIterable, Hashable, Sendable, Codable {
    case standard
    case neon
    case classicWood = "classic_wood"
    case ocean
    case aurora
    case midnight
    case sunset

    /// The name a settings screen or the store shows.
    public var displayName: String {
        switch self {
        case .standard: "Standard"
        case .neon: "Neon"
        case .classicWood: "Classic Wood"
        case .ocean: "Ocean"
        case .aurora: "Aurora"
        case .midnight: "Midnight"
        case .sunset: "Sunset"
        }
    }

    /// Every colour of the board in this theme. Each keeps the six seat colours far apart (the
    /// similar pairs meet only in 5- and 6-player games) and clear of both the background, where
    /// the sides are drawn, and the tile face, where the flows are; `QuortexThemeTests` holds
    /// every theme to that.
    public var palette: QuortexPalette {
        switch self {
        case .standard: .standard
        case .neon: .neon
        case .classicWood: .classicWood
        case .ocean: .ocean
        case .aurora: .aurora
        case .midnight: .midnight
        case .sunset: .sunset
        }
    }
}

extension QuortexPalette {
    /// The original look: a warm paper board, charcoal tiles and Okabe & Ito's colour-blind-safe
    /// seat colours (vermilion, blue, bluish green, reddish purple, orange, sky blue, without the
    /// yellow that vanishes on a light board).
    public static let standard = QuortexPalette(
        seats: [
            RGBColor(hex: 0xD55E00), RGBColor(hex: 0x0072B2), RGBColor(hex: 0x009E73),
            RGBColor(hex: 0xCC79A7), RGBColor(hex: 0xE69F00), RGBColor(hex: 0x56B4E9),
        ],
        unownedSide: RGBColor(hex: 0x9A968C), resigned: RGBColor(hex: 0x8A8A8A), background: RGBColor(hex: 0xFBF8F1),
        emptyCell: RGBColor(hex: 0xEFE9DC), cellOutline: RGBColor(hex: 0xCFC6B2), tileFace: RGBColor(hex: 0x3A3935),
        tileConnection: RGBColor(hex: 0xCFC8B8), text: RGBColor(hex: 0x2B2A27), secondaryText: RGBColor(hex: 0x77726A),
        halo: .white, badgeText: .white, legalCell: RGBColor(hex: 0xD9EBC8), cursor: RGBColor(hex: 0x2B2A27))

    /// Glowing tubes on a near-black board.
    public static let neon = QuortexPalette(
        seats: [
            RGBColor(hex: 0xFF2E88), RGBColor(hex: 0x00E5FF), RGBColor(hex: 0x39FF14),
            RGBColor(hex: 0xFFEA00), RGBColor(hex: 0xB388FF), RGBColor(hex: 0xFF8A00),
        ],
        unownedSide: RGBColor(hex: 0x5A5A80), resigned: RGBColor(hex: 0x77778C), background: RGBColor(hex: 0x0B0B1A),
        emptyCell: RGBColor(hex: 0x1A1A33), cellOutline: RGBColor(hex: 0x34345E), tileFace: RGBColor(hex: 0x26264A),
        tileConnection: RGBColor(hex: 0x55557F), text: RGBColor(hex: 0xEDEDFF), secondaryText: RGBColor(hex: 0x9A9AC8),
        halo: RGBColor(hex: 0xFFFFFF), badgeText: RGBColor(hex: 0x0B0B1A), legalCell: RGBColor(hex: 0x24424A),
        cursor: RGBColor(hex: 0xEDEDFF))

    /// Walnut tiles on a maple board, printed-ink seat colours.
    public static let classicWood = QuortexPalette(
        seats: [
            RGBColor(hex: 0xD32F2F), RGBColor(hex: 0x1E88E5), RGBColor(hex: 0x43A047),
            RGBColor(hex: 0x9C27B0), RGBColor(hex: 0xF57C00), RGBColor(hex: 0x00897B),
        ],
        unownedSide: RGBColor(hex: 0x9C8468), resigned: RGBColor(hex: 0x8C8178), background: RGBColor(hex: 0xF3E7D3),
        emptyCell: RGBColor(hex: 0xD9BE94), cellOutline: RGBColor(hex: 0xA67C52), tileFace: RGBColor(hex: 0x3A2414),
        tileConnection: RGBColor(hex: 0xC9A77C), text: RGBColor(hex: 0x3B2616), secondaryText: RGBColor(hex: 0x7A5C43),
        halo: RGBColor(hex: 0xFFF8E7), badgeText: .white, legalCell: RGBColor(hex: 0xC8CF8E), cursor: RGBColor(hex: 0x3B2616))

    /// Deep water, coral and sand.
    public static let ocean = QuortexPalette(
        seats: [
            RGBColor(hex: 0xFF7043), RGBColor(hex: 0xFFEE58), RGBColor(hex: 0x66BB6A),
            RGBColor(hex: 0xF48FB1), RGBColor(hex: 0xFFFFFF), RGBColor(hex: 0xB39DDB),
        ],
        unownedSide: RGBColor(hex: 0x4F7A99), resigned: RGBColor(hex: 0x7C8C99), background: RGBColor(hex: 0x0A2A43),
        emptyCell: RGBColor(hex: 0x12405F), cellOutline: RGBColor(hex: 0x2A6185), tileFace: RGBColor(hex: 0x0E2233),
        tileConnection: RGBColor(hex: 0x4F7A99), text: RGBColor(hex: 0xE3F2FD), secondaryText: RGBColor(hex: 0x9EC3DB),
        halo: RGBColor(hex: 0xE0F7FA), badgeText: RGBColor(hex: 0x0A2A43), legalCell: RGBColor(hex: 0x1E6470),
        cursor: RGBColor(hex: 0xE3F2FD))

    /// Northern lights over a night sky.
    public static let aurora = QuortexPalette(
        seats: [
            RGBColor(hex: 0x00E676), RGBColor(hex: 0xFF4081), RGBColor(hex: 0x40C4FF),
            RGBColor(hex: 0xFFD740), RGBColor(hex: 0xE040FB), RGBColor(hex: 0xFF6E40),
        ],
        unownedSide: RGBColor(hex: 0x4A6A80), resigned: RGBColor(hex: 0x71808C), background: RGBColor(hex: 0x0D1B2A),
        emptyCell: RGBColor(hex: 0x1B2C40), cellOutline: RGBColor(hex: 0x2F4A66), tileFace: RGBColor(hex: 0x101C2B),
        tileConnection: RGBColor(hex: 0x4A6A80), text: RGBColor(hex: 0xE0F7FA), secondaryText: RGBColor(hex: 0x8FB3C7),
        halo: RGBColor(hex: 0xE0F7FA), badgeText: RGBColor(hex: 0x0D1B2A), legalCell: RGBColor(hex: 0x1D4A48),
        cursor: RGBColor(hex: 0xE0F7FA))

    /// Pure black for OLED screens, soft pastel flows.
    public static let midnight = QuortexPalette(
        seats: [
            RGBColor(hex: 0xFF6B6B), RGBColor(hex: 0x4DABF7), RGBColor(hex: 0x69DB7C),
            RGBColor(hex: 0xDA77F2), RGBColor(hex: 0xFFD43B), RGBColor(hex: 0x3BC9DB),
        ],
        unownedSide: RGBColor(hex: 0x5C6370), resigned: RGBColor(hex: 0x6C7480), background: RGBColor(hex: 0x000000),
        emptyCell: RGBColor(hex: 0x15171C), cellOutline: RGBColor(hex: 0x2C3038), tileFace: RGBColor(hex: 0x22252B),
        tileConnection: RGBColor(hex: 0x5C6370), text: RGBColor(hex: 0xE9ECEF), secondaryText: RGBColor(hex: 0x9AA1AB),
        halo: RGBColor(hex: 0xF8F9FA), badgeText: RGBColor(hex: 0x000000), legalCell: RGBColor(hex: 0x1F3A2A),
        cursor: RGBColor(hex: 0xE9ECEF))

    /// Peach sky, plum tiles.
    public static let sunset = QuortexPalette(
        seats: [
            RGBColor(hex: 0xD81B60), RGBColor(hex: 0x3F51B5), RGBColor(hex: 0x00897B),
            RGBColor(hex: 0x8E24AA), RGBColor(hex: 0xF4511E), RGBColor(hex: 0x0288D1),
        ],
        unownedSide: RGBColor(hex: 0xB09080), resigned: RGBColor(hex: 0x9A8C86), background: RGBColor(hex: 0xFFF3E0),
        emptyCell: RGBColor(hex: 0xFFE0B2), cellOutline: RGBColor(hex: 0xE0B48A), tileFace: RGBColor(hex: 0x2B1520),
        tileConnection: RGBColor(hex: 0xF5C6A5), text: RGBColor(hex: 0x3E1F2B), secondaryText: RGBColor(hex: 0x8A5A5A),
        halo: .white, badgeText: .white, legalCell: RGBColor(hex: 0xE6E3A0), cursor: RGBColor(hex: 0x3E1F2B))
}
