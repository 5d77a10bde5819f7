/// A layered SF Symbols avatar. `version` is the schema version, so an avatar saved by an older
/// build can be migrated rather than misread.
///
/// Decoding (see `AvatarConfig+Coding.swift`) always yields the current shape: an older avatar is
/// migrated step by step, one from a newer build keeps the fields this build knows, and a missing
/// field takes the default below.
public struct AvatarConfig: Codable, Hashable, Sendable {
    /// Version history:
    /// - 0: the first release, before avatars were versioned: no `version` key, and the one body
    ///   colour was called `colorHex`.
    /// - 1: `colorHex` renamed `skinColorHex`; `version` written.
    public static let currentVersion = 1

    public var version: Int
    public var baseSymbol: String
    public var skinColorHex: String
    public var hairSymbol: String?
    public var hairColorHex: String
    public var accessorySymbol: String?
    public var backgroundColorHex: String

    public init(
        version: Int = AvatarConfig.currentVersion, baseSymbol: String = "person.fill",
        skinColorHex: String = "#F1C27D", hairSymbol: String? = nil, hairColorHex: String = "#3B2F2F",
        accessorySymbol: String? = nil, backgroundColorHex: String = "#4A90D9"
    ) {
        self.version = version
        self.baseSymbol = baseSymbol
        self.skinColorHex = skinColorHex
        self.hairSymbol = hairSymbol
        self.hairColorHex = hairColorHex
        self.accessorySymbol = accessorySymbol
        self.backgroundColorHex = backgroundColorHex
    }
}
