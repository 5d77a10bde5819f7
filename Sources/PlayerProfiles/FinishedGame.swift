import struct Foundation.Date
import struct Foundation.UUID
import GameCore

/// One finished game as it counts towards this player's stats. `id` is the session's own id for
/// the game, unique per game played, so that a result delivered twice (a host resending its last
/// message after a reconnect, a replayed session) is recognised and counted once.
public struct FinishedGame: Codable, Hashable, Sendable {
    public var id: UUID
    public var gameType: GameType
    public var won: Bool
    public var finishedAt: Date

    public init(id: UUID, gameType: GameType, won: Bool, finishedAt: Date) {
        self.id = id
        self.gameType = gameType
        self.won = won
        self.finishedAt = finishedAt
    }

    /// The game as seen from `seat`: won when the outcome names that seat among its winners,
    /// so a shared win (a tie) is a win for each winner and a game nobody won is a loss.
    public init(id: UUID, gameType: GameType, outcome: GameOutcome, seat: Int, finishedAt: Date) {
        self.init(id: id, gameType: gameType, won: outcome.isWin(for: seat), finishedAt: finishedAt)
    }
}

extension GameOutcome {
    /// Whether `seat` is among the winners.
    public func isWin(for seat: Int) -> Bool {
        winners.contains(seat)
    }
}
