import GameCore

/// Bot-against-bot matches, for practice opponents, tests and `parlor crazy-eights selfplay`.
public enum SelfPlay {
    /// Far beyond any real match (a few hundred actions per round, a handful of rounds), so
    /// hitting it means the rules let a match run forever.
    public static let actionCap = 200_000

    /// Plays one match to its outcome. Seat `i` is played by `bots[i % bots.count]`; the bots draw
    /// from their own stream derived from `seed`, so the record alone replays the match.
    public static func play(
        players: Int, bots: [any CrazyEightsBot], seed: GameSeed, settings: CrazyEightsSettings = .classic
    ) throws(GameError) -> GameRecord<CrazyEights> {
        guard !bots.isEmpty else { throw .invalidAction("self-play needs at least one bot") }
        var record = GameRecord<CrazyEights>(settings: settings, seed: seed, seats: botSeats(players, bots: bots))
        var state = try CrazyEights.initialState(players: record.seats, settings: settings, seed: seed)
        var random = GameRandom(seed: seed, stream: 1)
        while !state.isOver {
            guard record.actions.count < actionCap else {
                throw .desync("self-play stopped a match still unfinished after \(actionCap) actions (seed \(seed))")
            }
            let seat = state.turn
            let view = CrazyEights.view(of: state, for: .player(seat: seat))
            guard let action = bots[seat % bots.count].chooseAction(in: view, random: &random) else {
                throw .desync("the match is not over but seat \(seat) has no legal action")
            }
            state = try record.append(action, by: seat, to: state)
        }
        return record
    }

    static func botSeats(_ count: Int, bots: [any CrazyEightsBot]) -> [GamePlayer] {
        (0..<max(count, 0)).map { seat in
            let name = bots.isEmpty ? "bot" : bots[seat % bots.count].name
            return GamePlayer(id: "bot-\(seat)", name: "\(name) bot \(seat + 1)")
        }
    }
}
