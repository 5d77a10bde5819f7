import Quortex

/// The settings kept on this device only: they describe this phone (its speaker, its haptic
/// engine, how the board looks here), not the account.
public struct DevicePreferences: Codable, Equatable, Sendable {
    public var sound: Bool
    public var haptics: Bool
    public var theme: QuortexTheme

    public init(sound: Bool = true, haptics: Bool = true, theme: QuortexTheme = .standard) {
        self.sound = sound
        self.haptics = haptics
        self.theme = theme
    }

    /// A theme id this build does not know (written by a newer one) reads as the standard theme.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sound = try container.decodeIfPresent(Bool.self, forKey: .sound) ?? true
        haptics = try container.decodeIfPresent(Bool.self, forKey: .haptics) ?? true
        theme = (try? container.decodeIfPresent(QuortexTheme.self, forKey: .theme)) ?? .standard
    }
}
