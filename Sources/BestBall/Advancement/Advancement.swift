/// Runs a tournament's schedule over its entries and the weeks' points: every round's groups,
/// who went on (and who as a wildcard), and the final standings with prizes.
public struct Advancement: Codable, Sendable, Hashable {
    public struct Group: Codable, Sendable, Hashable {
        /// The room's id, or "pod-N" (from 1), or "field".
        public var id: String
        /// Best first.
        public var scores: [EntryScore]
        public var advanced: [String]
    }

    public struct RoundResult: Codable, Sendable, Hashable {
        public var name: String
        public var groups: [Group]
        /// Every entry going on to the next round: the groups' top finishers, then the wildcards.
        public var advanced: [String]
        /// Entries going on although they did not finish high enough in their group.
        public var wildcards: [String]
    }

    public struct Standing: Codable, Sendable, Hashable {
        public var rank: Int
        public var entry: String
        public var user: String
        /// The index of the last round the entry played, from 0.
        public var roundReached: Int
        public var points: Points
        public var prizeCents: Int

        enum CodingKeys: String, CodingKey {
            case rank, entry, user, points
            case roundReached = "round_reached", prizeCents = "prize_cents"
        }
    }

    public var rounds: [RoundResult]
    public var standings: [Standing]

    /// `prizes` pays by final rank: the first element to rank 1, and so on.
    public init(schedule: AdvancementSchedule, entries: [TournamentEntry], points: WeeklyPoints, prizes: [Int] = []) {
        let byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var playing = entries.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        var rounds: [RoundResult] = []
        var lastScores: [String: (round: Int, score: EntryScore)] = [:]
        for (index, round) in schedule.rounds.enumerated() {
            let scores = playing.map { EntryScore($0, weeks: round.weeks, points: points) }
            for score in scores { lastScores[score.entry] = (index, score) }
            let isLast = index == schedule.rounds.count - 1
            let groups = Self.groups(of: scores, by: round.grouping, entries: byID)
            let advancing = isLast ? [] : groups.flatMap { $0.scores.prefix(round.advance).map(\.entry) }
            var result = RoundResult(
                name: round.name,
                groups: groups.map { Group(id: $0.id, scores: $0.scores, advanced: isLast ? [] : $0.scores.prefix(round.advance).map(\.entry)) },
                advanced: advancing, wildcards: [])
            if !isLast, case .pods(let size) = schedule.rounds[index + 1].grouping {
                let seats = (advancing.count + size - 1) / size * size
                let going = Set(advancing)
                let wildcards = scores.filter { !going.contains($0.entry) }.sorted(by: EntryScore.ranksAbove)
                    .prefix(seats - advancing.count).map(\.entry)
                result.wildcards = Array(wildcards)
                result.advanced += wildcards
            }
            rounds.append(result)
            if isLast { break }
            let next = Set(result.advanced)
            playing = playing.filter { next.contains($0.id) }
        }
        self.rounds = rounds
        standings = lastScores.sorted { a, b in
            a.value.round != b.value.round ? a.value.round > b.value.round : EntryScore.ranksAbove(a.value.score, b.value.score)
        }.enumerated().map { offset, item in
            Standing(
                rank: offset + 1, entry: item.key, user: byID[item.key]?.user ?? "", roundReached: item.value.round,
                points: item.value.score.points, prizeCents: offset < prizes.count ? prizes[offset] : 0)
        }
    }

    /// A round's groups, each ranked best first.
    private static func groups(
        of scores: [EntryScore], by grouping: AdvancementSchedule.Grouping, entries: [String: TournamentEntry]
    ) -> [(id: String, scores: [EntryScore])] {
        let ranked = scores.sorted(by: EntryScore.ranksAbove)
        switch grouping {
        case .field:
            return [("field", ranked)]
        case .rooms:
            let rooms = Dictionary(grouping: ranked) { entries[$0.entry]?.room ?? "" }
            return rooms.keys.sorted().map { ($0, rooms[$0] ?? []) }
        case .pods(let size):
            let seeded = ranked.map { ($0.entry, entries[$0.entry]?.user ?? "") }
            let byEntry = Dictionary(ranked.map { ($0.entry, $0) }, uniquingKeysWith: { first, _ in first })
            return PodSeating.seat(seeded, podSize: size).enumerated().map { offset, pod in
                ("pod-\(offset + 1)", pod.compactMap { byEntry[$0] }.sorted(by: EntryScore.ranksAbove))
            }
        }
    }
}
