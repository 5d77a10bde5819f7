import GameCore
import Testing

@testable import CrazyEights

/// The seeded matches the property tests play: both presets and the draw-rule variants, 2 to 8
/// players, random and heuristic bots, all chosen from the seed.
enum SeededMatches {
    struct Setup {
        var players: Int
        var settings: CrazyEightsSettings
        var bots: [any CrazyEightsBot]
    }

    static func setup(_ seed: UInt64) -> Setup {
        let players = 2 + Int(seed % 7)
        var settings = CrazyEightsSettings(preset: seed % 2 == 0 ? .classic : .party)
        switch (seed / 14) % 4 {
        case 1: settings.drawRule = .oneThenPass
        case 2:
            settings.maxDrawsPerTurn = 2
            settings.reshuffleDiscard = false
        case 3:
            settings.drawRule = .oneThenPass
            settings.reshuffleDiscard = false
            settings.targetScore = 50
        default: break
        }
        let bots: [any CrazyEightsBot] =
            switch seed % 3 {
            case 0: [RandomBot()]
            case 1: [HeuristicBot()]
            default: [HeuristicBot(), RandomBot(), RandomBot()]
            }
        return Setup(players: players, settings: settings, bots: bots)
    }

    /// Plays the match of `seed`, visiting every action.
    static func play(
        _ seed: UInt64,
        visit: (CrazyEightsState, SeatedAction<CrazyEightsAction>, CrazyEightsState) throws -> Void = { _, _, _ in }
    ) throws -> (GameRecord<CrazyEights>, CrazyEightsState) {
        let chosen = setup(seed)
        return try playMatch(players: chosen.players, settings: chosen.settings, seed: seed, bots: chosen.bots, visit: visit)
    }
}
