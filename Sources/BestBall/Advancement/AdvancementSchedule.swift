/// How a tournament narrows to its winner, as data: the qualifying round scores weeks 1–14 in
/// the draft rooms and sends the top two of each on; then one-week rounds in pods (top one of each
/// goes on, wildcards fill empty seats); the last round is the final, ranked as one field.
public struct AdvancementSchedule: Codable, Sendable, Hashable {
    public enum Grouping: Codable, Sendable, Hashable {
        /// Entries compete within the draft room they were drafted in.
        case rooms
        /// Entries are seated in pods of this many, one user's entries apart where possible.
        case pods(size: Int)
        /// Every entry left competes as one field: the final.
        case field
    }

    public struct Round: Codable, Sendable, Hashable {
        public var name: String
        public var firstWeek: Int
        public var lastWeek: Int
        public var grouping: Grouping
        /// How many of each group go on to the next round (ignored for the last round).
        public var advance: Int

        enum CodingKeys: String, CodingKey {
            case name, grouping, advance
            case firstWeek = "first_week", lastWeek = "last_week"
        }

        public init(name: String, weeks: ClosedRange<Int>, grouping: Grouping, advance: Int) {
            self.name = name
            self.firstWeek = weeks.lowerBound
            self.lastWeek = weeks.upperBound
            self.grouping = grouping
            self.advance = advance
        }

        public var weeks: ClosedRange<Int> { firstWeek...max(firstWeek, lastWeek) }
    }

    public var rounds: [Round]

    public init(rounds: [Round]) { self.rounds = rounds }

    /// Qualifiers in weeks 1–14 (top 2 of each room), then weeks 15 and 16 in pods of `podSize`
    /// (top 1 each), then the final in week 17.
    public static func standard(podSize: Int = 10) -> AdvancementSchedule {
        AdvancementSchedule(rounds: [
            Round(name: "Qualifiers", weeks: 1...14, grouping: .rooms, advance: 2),
            Round(name: "Quarterfinals", weeks: 15...15, grouping: .pods(size: podSize), advance: 1),
            Round(name: "Semifinals", weeks: 16...16, grouping: .pods(size: podSize), advance: 1),
            Round(name: "Final", weeks: 17...17, grouping: .field, advance: 0),
        ])
    }

    /// Why the schedule cannot run, or nil when it can.
    public var problem: String? {
        if rounds.isEmpty { return "a schedule needs at least one round" }
        var lastWeek = 0
        for round in rounds {
            if round.firstWeek <= lastWeek || round.lastWeek < round.firstWeek { return "rounds must cover increasing, separate weeks" }
            lastWeek = round.lastWeek
            if case .pods(let size) = round.grouping, size < 2 { return "a pod seats at least 2 entries" }
        }
        if rounds.dropLast().contains(where: { $0.advance < 1 }) { return "every round but the last sends at least one entry on" }
        return nil
    }
}
