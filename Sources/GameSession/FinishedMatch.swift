import GameCore
import PlayerProfiles

import struct Foundation.Date
import struct Foundation.UUID

/// A game this peer saw end, for the player's stats. The host's `matchId` is unique per game,
/// so however often the final state arrives, the profile counts the game once.
public struct FinishedMatch: Hashable, Sendable {
    public var matchId: UUID
    public var gameType: GameType
    public var seat: Int?
    public var outcome: GameOutcome

    public init(matchId: UUID, gameType: GameType, seat: Int?, outcome: GameOutcome) {
        self.matchId = matchId
        self.gameType = gameType
        self.seat = seat
        self.outcome = outcome
    }

    /// What the profile records; nil for a spectator, who has no result.
    public func finishedGame(at date: Date) -> FinishedGame? {
        seat.map { FinishedGame(id: matchId, gameType: gameType, outcome: outcome, seat: $0, finishedAt: date) }
    }
}

extension ProfileStore {
    /// Counts a finished match in the stats; false when it was already counted (or watched).
    @discardableResult
    public func record(_ match: FinishedMatch, at date: Date) throws(ProfileError) -> Bool {
        guard let game = match.finishedGame(at: date) else { return false }
        return try recordGame(game)
    }
}
