/// Turns legacy absolute figures into synthetic `gameCompleted` events whose projection gives the
/// same games played, wins, current streak and best streak.
///
/// Layout, walking back from the most recent day: the current streak's wins ending at the anchor
/// day, a day off, the best streak's wins (if longer), a day off, the remaining wins in runs no
/// longer than the best streak separated by days off, then the losses. Days off break streaks
/// without counting as games; losses are placed last so they need no separators.
public enum LegacyConversion {
    public struct Result: Sendable {
        /// The figures actually reproduced, after making inconsistent legacy figures consistent.
        public var figures: LegacyStats
        /// What had to change, for the migration report ("best streak raised to current streak").
        public var adjustments: [String]
        public var events: [StatsEvent]
    }

    public enum Failure: Error, Hashable, Sendable {
        case negative(String)
        case tooMany(played: Int, available: Int)
    }

    /// The device id synthetic events are written under: the same for the same figures and anchor
    /// day, so devices migrating the same old iCloud figures produce identical events, and
    /// different figures never share a (device, sequence) pair.
    static func device(for fingerprint: String) -> DeviceID? {
        let hash = StableUUID.fnv1a(fingerprint, offset: 0xcbf2_9ce4_8422_2325)
        return DeviceID(rawValue: "legacy-" + String(hash, radix: 16))
    }

    public static func convert(_ legacy: LegacyStats, today: PuzzleDate) throws(Failure) -> Result {
        for (name, value) in [("played", legacy.played), ("wins", legacy.wins),
            ("current streak", legacy.currentStreak), ("best streak", legacy.bestStreak)] where value < 0 {
            throw .negative(name)
        }
        var figures = legacy
        var adjustments: [String] = []
        func raise(_ value: inout Int, to floor: Int, _ note: String) {
            if value < floor {
                adjustments.append(note)
                value = floor
            }
        }
        raise(&figures.bestStreak, to: figures.currentStreak, "best streak raised to the current streak")
        raise(&figures.wins, to: figures.bestStreak, "wins raised to the best streak")
        raise(&figures.bestStreak, to: figures.wins > 0 ? 1 : 0, "best streak raised to 1 because there are wins")
        raise(&figures.played, to: figures.wins, "games played raised to wins")

        let anchor = anchorDay(figures, today: today)
        let days = layout(figures, anchor: anchor)
        let earliest = PuzzleDate(year: 2000, month: 1, day: 1)
        if let first = days.last, first.date < earliest {
            throw .tooMany(played: figures.played, available: anchor.dayNumber - earliest.dayNumber + 1)
        }
        let name = fingerprint(figures, anchor: anchor)
        guard let device = device(for: name) else { throw .negative("device") }
        let events = days.reversed().enumerated().map { index, day in
            StatsEvent(
                id: StableUUID.make("\(name)/\(index + 1)"), device: device, sequence: index + 1,
                timestamp: Int64(day.date.dayNumber) * 86_400_000 + 43_200_000,
                payload: .gameCompleted(
                    GameCompletion(puzzleDate: day.date, won: day.won, mistakes: 0, seconds: 0, hintsUsed: 0, synthetic: true)))
        }
        return Result(figures: figures, adjustments: adjustments, events: events)
    }

    /// The most recent synthetic day. A live streak must end today or yesterday; without one, the
    /// latest day must not start a streak that the old app did not show.
    static func anchorDay(_ figures: LegacyStats, today: PuzzleDate) -> PuzzleDate {
        let yesterday = today.adding(days: -1)
        if figures.currentStreak > 0 {
            if let last = figures.lastPlayed, last == today || last == yesterday { return last }
            return today
        }
        let losses = figures.played - figures.wins
        let candidate = min(figures.lastPlayed ?? today, today)
        // With a loss available the anchor holds it; otherwise keep the last win out of the streak window.
        return losses > 0 ? candidate : min(candidate, today.adding(days: -2))
    }

    /// Days from the anchor backwards.
    static func layout(_ figures: LegacyStats, anchor: PuzzleDate) -> [(date: PuzzleDate, won: Bool)] {
        var days: [(date: PuzzleDate, won: Bool)] = []
        var cursor = anchor
        func run(_ length: Int, won: Bool, dayOffAfter: Bool) {
            for _ in 0..<length {
                days.append((cursor, won))
                cursor = cursor.adding(days: -1)
            }
            if dayOffAfter && length > 0 { cursor = cursor.adding(days: -1) }
        }
        var losses = figures.played - figures.wins
        var wins = figures.wins
        if figures.currentStreak == 0 && losses > 0 {
            run(1, won: false, dayOffAfter: false)
            losses -= 1
        }
        run(figures.currentStreak, won: true, dayOffAfter: true)
        wins -= figures.currentStreak
        if figures.bestStreak > figures.currentStreak {
            run(figures.bestStreak, won: true, dayOffAfter: true)
            wins -= figures.bestStreak
        }
        while wins > 0 {
            let length = min(wins, figures.bestStreak)
            run(length, won: true, dayOffAfter: true)
            wins -= length
        }
        run(losses, won: false, dayOffAfter: false)
        return days
    }

    static func fingerprint(_ figures: LegacyStats, anchor: PuzzleDate) -> String {
        "legacy/\(figures.played)/\(figures.wins)/\(figures.currentStreak)/\(figures.bestStreak)/\(anchor)"
    }
}
