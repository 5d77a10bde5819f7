import CrazyEights

import class Foundation.JSONDecoder
import struct Foundation.Data

/// The host's Crazy Eights settings as the lobby lists them (the lobby carries them encoded).
public enum CrazyEightsSettingsText {
    @Sendable public static func lines(_ data: Data?) -> [String] {
        guard let data, let settings = try? JSONDecoder().decode(CrazyEightsSettings.self, from: data) else { return ["(not shown)"] }
        var lines = ["Rules: \(settings.preset.rawValue) · match to \(settings.targetScore) points"]
        var extras: [String] = []
        if settings.queenSkips { extras.append("queens skip") }
        if settings.aceReverses { extras.append("aces reverse") }
        if settings.twoDrawsTwo { extras.append("twos draw two") }
        extras.append("draw: \(settings.drawRule.rawValue)")
        if let hand = settings.handSize { extras.append("hands of \(hand)") }
        lines.append(extras.joined(separator: " · "))
        return lines
    }
}
