extension AvatarConfig {
    private enum CodingKeys: String, CodingKey {
        case version, baseSymbol, skinColorHex, hairSymbol, hairColorHex, accessorySymbol, backgroundColorHex
        /// Version 0's name for `skinColorHex`; read during migration, never written.
        case colorHex
    }

    /// The fields as some version stored them, each possibly missing, before migration.
    private struct Stored {
        var baseSymbol: String?
        var skinColorHex: String?
        var hairSymbol: String?
        var hairColorHex: String?
        var accessorySymbol: String?
        var backgroundColorHex: String?
        var colorHex: String?
    }

    /// Decodes any version: older ones are migrated to `currentVersion`; a newer one keeps the
    /// fields this build knows (its unknown fields are dropped) and is then a current-version
    /// avatar, because that is the shape this build will write back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Before avatars were versioned, no `version` key was written: that is version 0.
        let storedVersion = try container.decodeIfPresent(Int.self, forKey: .version) ?? 0
        var stored = Stored(
            baseSymbol: try container.decodeIfPresent(String.self, forKey: .baseSymbol),
            skinColorHex: try container.decodeIfPresent(String.self, forKey: .skinColorHex),
            hairSymbol: try container.decodeIfPresent(String.self, forKey: .hairSymbol),
            hairColorHex: try container.decodeIfPresent(String.self, forKey: .hairColorHex),
            accessorySymbol: try container.decodeIfPresent(String.self, forKey: .accessorySymbol),
            backgroundColorHex: try container.decodeIfPresent(String.self, forKey: .backgroundColorHex),
            colorHex: storedVersion < 1 ? try container.decodeIfPresent(String.self, forKey: .colorHex) : nil)
        // A newer version skips this loop; a nonsensical negative one is read as the oldest.
        var version = max(storedVersion, 0)
        while version < Self.currentVersion {
            Self.migrate(&stored, from: version)
            version += 1
        }
        let defaults = AvatarConfig()
        self.init(
            version: Self.currentVersion,
            baseSymbol: stored.baseSymbol ?? defaults.baseSymbol,
            skinColorHex: stored.skinColorHex ?? defaults.skinColorHex,
            hairSymbol: stored.hairSymbol,
            hairColorHex: stored.hairColorHex ?? defaults.hairColorHex,
            accessorySymbol: stored.accessorySymbol,
            backgroundColorHex: stored.backgroundColorHex ?? defaults.backgroundColorHex)
    }

    /// One migration step, from `version` to `version + 1`. To change the avatar's shape, raise
    /// `currentVersion`, add its case here and a line to the history on `currentVersion`.
    private static func migrate(_ stored: inout Stored, from version: Int) {
        switch version {
        case 0:
            // 0 → 1: the body colour was renamed. A file holding both keys was written by a build
            // that already knew the new name, so the new name wins.
            stored.skinColorHex = stored.skinColorHex ?? stored.colorHex
            stored.colorHex = nil
        default:
            break
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(baseSymbol, forKey: .baseSymbol)
        try container.encode(skinColorHex, forKey: .skinColorHex)
        try container.encodeIfPresent(hairSymbol, forKey: .hairSymbol)
        try container.encode(hairColorHex, forKey: .hairColorHex)
        try container.encodeIfPresent(accessorySymbol, forKey: .accessorySymbol)
        try container.encode(backgroundColorHex, forKey: .backgroundColorHex)
    }
}
