import Foundation
import ParlorClient

/// One of the N concurrent games: a fixed group of bots that play game after game until the run's
/// time is up. The first bot creates each game, the others join it by its invite code.
struct LoadtestTable<Game: LoadtestGame>: Sendable {
    let bots: [LoadtestBot]
    let rules: Game
    let gameID: String
    let metrics: LoadtestMetrics
    let think: Duration
    let deadline: ContinuousClock.Instant

    func run() async {
        var round: UInt64 = 0
        while ContinuousClock.now < deadline, !Task.isCancelled, bots.allSatisfy(\.isAlive) {
            round += 1
            guard let game = await setUp() else {
                // Counted already; pause so a failing server is not hammered.
                try? await Task.sleep(for: .milliseconds(500))
                continue
            }
            await play(game, round: round)
        }
    }

    /// Creates a game and seats every bot; nil after a failure (counted).
    private func setUp() async -> UUID? {
        guard let creator = bots.first else { return nil }
        do {
            let (game, code) = try await LoadtestAPI.createGame(creator.client, game: gameID, players: bots.count)
            for bot in bots.dropFirst() { try await LoadtestAPI.join(bot.client, code: code) }
            return game
        } catch {
            metrics.error(error.kind, example: error.message)
            return nil
        }
    }

    /// Every bot plays its seat until the first of them is done.
    private func play(_ game: UUID, round: UInt64) async {
        let results = await withTaskGroup(of: SeatResult.self, returning: [SeatResult].self) { group in
            let clock = LoadtestMoveClock(players: bots.count)
            for (index, bot) in bots.enumerated() {
                let seed = round &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &+ UInt64.random(in: 0...UInt64.max >> 8)
                group.addTask { [rules, metrics, think, deadline] in
                    await LoadtestSeat(game: game, rules: rules, bot: bot, metrics: metrics, clock: clock, think: think, deadline: deadline, seed: seed).play()
                }
            }
            // The first seat to finish decides: the game is over (the others' `game_ended` adds
            // nothing) or given up (the others would only wait for a turn timer).
            var results: [SeatResult] = []
            for await result in group {
                if results.isEmpty {
                    if case .abandoned(let reason, _) = result { metrics.error(reason) }
                    group.cancelAll()
                }
                results.append(result)
            }
            return results
        }
        if results.contains(where: \.started) { metrics.gameStarted() }
        if results.contains(where: { if case .completed(started: true) = $0 { true } else { false } }) {
            metrics.gameCompleted()
        }
    }
}
