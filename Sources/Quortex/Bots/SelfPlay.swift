import GameCore

/// Bot-against-bot games, for practice opponents, tests and the `parlor quortex selfplay` command.
public enum SelfPlay {
    /// Plays one game to the end. Seat `i` is played by `bots[i % bots.count]`; the bots draw from
    /// their own stream derived from `seed`, so the record alone replays the game.
    public static func play(
        players: Int, bots: [any QuortexBot], seed: GameSeed, settings: QuortexSettings = QuortexSettings()
    ) throws(GameError) -> GameRecord<Quortex> {
        guard !bots.isEmpty else { throw .invalidAction("self-play needs at least one bot") }
        var record = GameRecord<Quortex>(settings: settings, seed: seed, seats: botSeats(players, bots: bots))
        var state = try Quortex.initialState(players: record.seats, settings: settings, seed: seed)
        var random = GameRandom(seed: seed, stream: 1)
        while !state.isOver {
            let bot = bots[state.currentSeat % bots.count]
            guard let placement = bot.choosePlacement(in: state.position, random: &random) else {
                throw .desync("the game is not over but seat \(state.currentSeat) has no legal placement")
            }
            state = try record.append(.place(placement), by: state.currentSeat, to: state)
        }
        return record
    }

    static func botSeats(_ count: Int, bots: [any QuortexBot]) -> [GamePlayer] {
        (0..<max(count, 0)).map { seat in
            let name = bots.isEmpty ? "bot" : bots[seat % bots.count].name
            return GamePlayer(id: "bot-\(seat)", name: "\(name) bot \(seat + 1)")
        }
    }
}
