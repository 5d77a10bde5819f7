import Foundation

/// The deterministic projection from a set of events to statistics and settings. The same set
/// gives the same result on every device, in any order, which is what makes union a lossless merge.
public enum StatsProjection {
    /// Statistics as of `today`, the player's local calendar date (it decides whether the current
    /// streak is still alive).
    public static func stats(of events: some Sequence<StatsEvent>, today: PuzzleDate) -> PuzzleStats {
        let counted = countedCompletions(events)
        var stats = PuzzleStats()
        stats.gamesPlayed = counted.games.count
        stats.duplicateCompletions = counted.duplicates
        stats.gamesErasedByReset = counted.erased
        var winSeconds = 0
        var timedWins = 0
        for game in counted.games.values {
            if game.won { stats.wins += 1 }
            // A game synthesised from legacy totals has no real time, mistakes or hints to report.
            guard !game.synthetic else { continue }
            if game.won {
                timedWins += 1
                winSeconds += game.seconds
            }
            if game.won && game.mistakes == 0 && game.hintsUsed == 0 { stats.perfectGames += 1 }
            stats.mistakesDistribution[game.mistakes, default: 0] += 1
            stats.hintsUsed += game.hintsUsed
        }
        stats.averageWinSeconds = timedWins == 0 ? nil : Double(winSeconds) / Double(timedWins)
        stats.lastPlayed = counted.games.keys.max()
        stats.bestStreak = bestStreak(counted.games)
        stats.currentStreak = currentStreak(counted.games, today: today)
        return stats
    }

    /// Per puzzle date, the completion that counts: the earliest (by timestamp, then id) among
    /// those no reset erased. Also how many were duplicates and how many were erased.
    public static func countedCompletions(_ events: some Sequence<StatsEvent>)
        -> (games: [PuzzleDate: GameCompletion], winners: [PuzzleDate: StatsEvent], duplicates: Int, erased: Int)
    {
        var completions: [StatsEvent] = []
        var resets: [VersionVector] = []
        for event in events {
            switch event.payload {
            case .gameCompleted: completions.append(event)
            case .statsReset(let reset): resets.append(reset.seen)
            case .settingChanged: break
            }
        }
        var winners: [PuzzleDate: StatsEvent] = [:]
        var erased = 0
        var survivors = 0
        for event in completions {
            guard let game = event.gameCompletion else { continue }
            if resets.contains(where: { $0.covers(event) }) {
                erased += 1
                continue
            }
            survivors += 1
            if let current = winners[game.puzzleDate], !isEarlier(event, than: current) { continue }
            winners[game.puzzleDate] = event
        }
        let games = winners.compactMapValues(\.gameCompletion)
        return (games, winners, survivors - games.count, erased)
    }

    /// The earlier of two completions of one puzzle; ties on time fall to the smaller id so every
    /// replica picks the same one.
    public static func isEarlier(_ a: StatsEvent, than b: StatsEvent) -> Bool {
        (a.timestamp, a.id.uuidString) < (b.timestamp, b.id.uuidString)
    }

    static func bestStreak(_ games: [PuzzleDate: GameCompletion]) -> Int {
        var best = 0
        for (date, game) in games where game.won && games[date.adding(days: -1)]?.won != true {
            var length = 1
            while games[date.adding(days: length)]?.won == true { length += 1 }
            best = max(best, length)
        }
        return best
    }

    static func currentStreak(_ games: [PuzzleDate: GameCompletion], today: PuzzleDate) -> Int {
        // Today's puzzle not yet played leaves yesterday's streak alive; today's loss ends it.
        var day = games[today] == nil ? today.adding(days: -1) : today
        var length = 0
        while games[day]?.won == true {
            length += 1
            day = day.adding(days: -1)
        }
        return length
    }
}
