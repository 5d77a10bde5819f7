import struct Foundation.Date
import struct Foundation.UUID

extension PlayerProfile {
    /// How many finished-game ids a profile remembers. A result reaches the profile again only
    /// through the session that produced it (a host resending its last message after a
    /// reconnect, a restored session replaying its final state), and a session replays at most
    /// its last result, so a repeat is always one of the latest few games. 500 covers that with
    /// a wide margin (weeks of play even with several sessions finishing at once) while the
    /// list stays around 20 KB of JSON.
    public static let recordedGameLimit = 500

    /// Whether the game with this session id has already been counted.
    public func hasRecorded(_ gameID: UUID) -> Bool {
        recordedGameIDs.contains(gameID)
    }

    /// Counts a finished game in the global and per-game stats, once: recording the same game id
    /// again has no effect. Returns whether the game was counted now.
    @discardableResult
    public mutating func recordGame(_ result: FinishedGame) -> Bool {
        // A linear search of at most 500 ids, once per finished game, costs nothing noticeable,
        // and an array keeps the eviction order without a second structure to keep in step.
        guard !hasRecorded(result.id) else { return false }
        globalStats.totalGamesPlayed += 1
        if result.won { globalStats.totalWins += 1 }
        statsByGameType[result.gameType, default: GameStats()].record(won: result.won, finishedAt: result.finishedAt)
        recordedGameIDs.append(result.id)
        if recordedGameIDs.count > Self.recordedGameLimit {
            recordedGameIDs.removeFirst(recordedGameIDs.count - Self.recordedGameLimit)
        }
        return true
    }
}

extension GameStats {
    /// Adds one game. Streaks follow the order games are recorded in, normally the order they
    /// finished; a result delivered late joins the streak when it arrives.
    mutating func record(won: Bool, finishedAt: Date) {
        gamesPlayed += 1
        if won {
            wins += 1
            streakCurrent += 1
            streakBest = max(streakBest, streakCurrent)
        } else {
            streakCurrent = 0
        }
        // A game finished earlier but delivered late must not move "last played" backwards.
        lastPlayedAt = max(lastPlayedAt ?? finishedAt, finishedAt)
    }
}
