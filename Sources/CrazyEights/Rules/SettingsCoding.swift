/// Settings decode leniently so a lobby can send as little as `{"preset": "party"}` and a newer
/// host's extra fields do not break an older client: a missing switch takes the preset's value, a
/// missing preset is classic, a missing `settingsVersion` is this build's, and unknown fields are
/// ignored. An explicit `null` for `maxDrawsPerTurn` or `handSize` means "no limit" / "usual
/// size", which is why those two are always written, as `null` when unset.
extension CrazyEightsSettings {
    private enum CodingKeys: String, CodingKey {
        case settingsVersion = "settings_version", preset, queenSkips = "queen_skips", aceReverses = "ace_reverses"
        case twoDrawsTwo = "two_draws_two", drawRule = "draw_rule", maxDrawsPerTurn = "max_draws_per_turn"
        case reshuffleDiscard = "reshuffle_discard", handSize = "hand_size", targetScore = "target_score"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(preset: try container.decodeIfPresent(Preset.self, forKey: .preset) ?? .classic)
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        func optional(_ key: CodingKeys, _ fallback: Int?) throws -> Int? {
            container.contains(key) ? try container.decodeIfPresent(Int.self, forKey: key) : fallback
        }
        settingsVersion = try value(.settingsVersion, settingsVersion)
        queenSkips = try value(.queenSkips, queenSkips)
        aceReverses = try value(.aceReverses, aceReverses)
        twoDrawsTwo = try value(.twoDrawsTwo, twoDrawsTwo)
        drawRule = try value(.drawRule, drawRule)
        maxDrawsPerTurn = try optional(.maxDrawsPerTurn, maxDrawsPerTurn)
        reshuffleDiscard = try value(.reshuffleDiscard, reshuffleDiscard)
        handSize = try optional(.handSize, handSize)
        targetScore = try value(.targetScore, targetScore)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(settingsVersion, forKey: .settingsVersion)
        try container.encode(preset, forKey: .preset)
        try container.encode(queenSkips, forKey: .queenSkips)
        try container.encode(aceReverses, forKey: .aceReverses)
        try container.encode(twoDrawsTwo, forKey: .twoDrawsTwo)
        try container.encode(drawRule, forKey: .drawRule)
        try container.encode(maxDrawsPerTurn, forKey: .maxDrawsPerTurn)
        try container.encode(reshuffleDiscard, forKey: .reshuffleDiscard)
        try container.encode(handSize, forKey: .handSize)
        try container.encode(targetScore, forKey: .targetScore)
    }
}
