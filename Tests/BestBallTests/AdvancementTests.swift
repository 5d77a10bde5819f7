import BestBall
import GameCore
import Testing

@Suite("Tournament advancement")
struct AdvancementTests {
    /// An entry whose single QB scores `points` each week of the span it is asked about.
    func entry(_ id: String, user: String, room: String, order: Int) -> TournamentEntry {
        TournamentEntry(id: id, user: user, room: room, order: order, roster: [.init(playerID: "p-\(id)", position: .qb)])
    }

    @Test("qualifiers send the top two of each room on, pods the top one, wildcards fill seats, the final ranks and pays")
    func smallSchedule() {
        let schedule = AdvancementSchedule(rounds: [
            .init(name: "Qualifiers", weeks: 1...2, grouping: .rooms, advance: 2),
            .init(name: "Pods", weeks: 3...3, grouping: .pods(size: 3), advance: 1),
            .init(name: "Final", weeks: 4...4, grouping: .field, advance: 0),
        ])
        #expect(schedule.problem == nil)
        // Two rooms of three: a1 a2 a3 in room A, b1 b2 b3 in room B.
        let entries = ["a1", "a2", "a3", "b1", "b2", "b3"].enumerated().map { entry($1, user: "u\($0 % 4)", room: String($1.prefix(1)), order: $0) }
        func week(_ values: [String: Int]) -> [String: Points] {
            Dictionary(uniqueKeysWithValues: values.map { ("p-\($0.key)", Points(hundredths: $0.value * 100)) })
        }
        let points: WeeklyPoints = [
            1: week(["a1": 10, "a2": 20, "a3": 5, "b1": 7, "b2": 8, "b3": 30]),
            2: week(["a1": 10, "a2": 0, "a3": 5, "b1": 7, "b2": 8, "b3": 0]),
            3: week(["a1": 1, "a2": 2, "b2": 9, "b3": 4, "a3": 50]),
            4: week(["b2": 3, "a2": 3]),
        ]
        let result = Advancement(schedule: schedule, entries: entries, points: points, prizes: [1000, 500])
        // Room A: a1 20, a2 20 (tie: a2's top player scored 20 against a1's 10... both single-player: a2 20 vs a1 20 → order), a3 10.
        #expect(result.rounds[0].groups.map(\.id) == ["a", "b"])
        #expect(result.rounds[0].groups[0].advanced == ["a1", "a2"])
        #expect(result.rounds[0].groups[1].advanced == ["b3", "b2"])
        // Four advance into pods of 3: two pods, six seats, two wildcards: the best non-advancers.
        #expect(result.rounds[0].wildcards == ["b1", "a3"])
        #expect(Set(result.rounds[0].advanced) == ["a1", "a2", "b3", "b2", "b1", "a3"])
        #expect(result.rounds[1].groups.count == 2)
        #expect(result.rounds[1].groups.allSatisfy { $0.advanced.count == 1 })
        #expect(result.rounds[1].wildcards.isEmpty)
        let finalists = Set(result.rounds[1].advanced)
        #expect(finalists.count == 2)
        #expect(result.standings.count == 6)
        #expect(Set(result.standings.prefix(2).map(\.entry)) == finalists)
        #expect(result.standings.map(\.prizeCents) == [1000, 500, 0, 0, 0, 0])
        #expect(result.standings.map(\.rank) == Array(1...6))
    }

    @Test("ties go to the higher-scoring top player, then the earlier entry")
    func tiebreaks() {
        let a = TournamentEntry(id: "a", user: "u", room: "r", order: 2, roster: [.init(playerID: "x", position: .qb), .init(playerID: "y", position: .te)])
        let b = TournamentEntry(id: "b", user: "v", room: "r", order: 1, roster: [.init(playerID: "z", position: .qb)])
        let c = TournamentEntry(id: "c", user: "w", room: "r", order: 0, roster: [.init(playerID: "z2", position: .qb)])
        let points: WeeklyPoints = [1: ["x": Points(hundredths: 500), "y": Points(hundredths: 500), "z": Points(hundredths: 1000), "z2": Points(hundredths: 1000)]]
        let scores = [a, b, c].map { EntryScore($0, weeks: 1...1, points: points) }.sorted(by: EntryScore.ranksAbove)
        #expect(scores.map(\.entry) == ["c", "b", "a"])
    }

    @Test("pods keep one user's entries apart while there are enough pods")
    func podsApart() {
        let seeded = (0..<12).map { (entry: "e\($0)", user: $0 < 4 ? "whale" : "u\($0)") }
        let pods = PodSeating.seat(seeded, podSize: 3)
        #expect(pods.count == 4 && pods.allSatisfy { $0.count == 3 })
        for pod in pods { #expect(pod.filter { ["e0", "e1", "e2", "e3"].contains($0) }.count == 1) }
    }

    @Test("property: across random tournaments every advancing entry is accounted for and none advances twice", arguments: 0..<40)
    func property(seed: UInt64) {
        var random = GameRandom(seed: GameSeed(seed))
        let rooms = 1 + random.nextInt(below: 12)
        let roomSize = 2 + random.nextInt(below: 11)
        let users = 1 + random.nextInt(below: rooms * roomSize)
        var entries: [TournamentEntry] = []
        for room in 0..<rooms {
            for seat in 0..<roomSize {
                let id = "r\(room)s\(seat)"
                entries.append(TournamentEntry(
                    id: id, user: "u\(random.nextInt(below: users))", room: "room\(room)", order: entries.count,
                    roster: (0..<4).map { .init(playerID: "\(id)p\($0)", position: Position.allCases[$0]) }))
            }
        }
        var points: WeeklyPoints = [:]
        for week in 1...17 {
            for entry in entries { for spot in entry.roster { points[week, default: [:]][spot.playerID] = Points(hundredths: random.nextInt(below: 3000)) } }
        }
        let schedule = AdvancementSchedule.standard(podSize: 2 + random.nextInt(below: 9))
        let result = Advancement(schedule: schedule, entries: entries, points: points)
        var playing = Set(entries.map(\.id))
        for (index, round) in result.rounds.enumerated() {
            let seated = round.groups.flatMap { $0.scores.map(\.entry) }
            #expect(seated.count == Set(seated).count, "an entry sat twice in \(round.name)")
            #expect(Set(seated) == playing, "\(round.name) seated exactly the entries still playing")
            #expect(round.advanced.count == Set(round.advanced).count, "an entry advanced twice")
            #expect(Set(round.advanced).isSubset(of: playing))
            let toppers = round.groups.flatMap(\.advanced)
            #expect(Set(toppers).isDisjoint(with: round.wildcards))
            #expect(round.advanced == toppers + round.wildcards)
            if index < schedule.rounds.count - 1 {
                let perGroup = schedule.rounds[index].advance
                #expect(toppers.count == round.groups.reduce(0) { $0 + min(perGroup, $1.scores.count) })
                if case .pods(let size) = schedule.rounds[index + 1].grouping {
                    #expect(round.advanced.count == min(playing.count, (toppers.count + size - 1) / size * size))
                }
                playing = Set(round.advanced)
            }
        }
        #expect(result.standings.count == entries.count)
        #expect(Set(result.standings.map(\.entry)) == Set(entries.map(\.id)))
    }
}
