import BestBall
import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorTestSupport
@testable import ParlorTopDog
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// Players read their tournament's standings: a page by overall rank, and their own entries'
/// rank, pod and matchup per playoff round, read from rounds stored once when computed.
@Suite("TopDog operations: standings from stored rounds", .timeLimit(.minutes(3)))
struct StandingsTests {
    typealias Guest = OnlinePlayServer.Guest

    @Test("standings page by rank with each player's pods and matchups; a round is stored once and read back, not recomputed",
        arguments: TestDatabaseKind.available)
    func standings(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0,"pod_size":2"#)
            let guests = try await (0..<4).asyncMap { _ in try await server.guest() }
            let rooms = [
                try await server.fillRoom(tournament, with: Array(guests[0..<2])), try await server.fillRoom(tournament, with: Array(guests[2..<4])),
            ]
            let path = "/topdog/tournaments/\(tournament)/standings"
            let before = try await server.call(.get, path, as: guests[0])
            #expect(before.status == 200 && (before.json["standings"] as? [Any])?.isEmpty == true && before.json["round"] == nil)
            try await DraftDriver(server: server, room: rooms[0], guests: Array(guests[0..<2])).pick(14)
            try await DraftDriver(server: server, room: rooms[1], guests: Array(guests[2..<4])).pick(14)

            // Weeks 1 and 15 scored: the qualifiers (weeks 1–14) and the quarterfinals (week 15) are due.
            let picks = try await server.database.withConnection { sql in
                try await rooms.asyncMap { try await RoomStore.picks(in: $0, on: sql) }.flatMap { $0 }
            }
            @Sendable func week(_ number: Int, _ points: (DraftPick) -> Int) -> [WeekPoints] {
                picks.map { WeekPoints(week: number, playerID: $0.playerID, points: Points(hundredths: points($0)), stats: nil) }
            }
            try await server.database.transaction { sql in
                try await WeekPointsStore.upsert(week(1) { $0.number * 100 } + week(15) { (300 - $0.number) * 7 }, on: sql)
            }
            // Many first readers at once: every one answers, and each round is stored once.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for guest in guests { group.addTask { try await server.call(.get, path, as: guest).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == [200, 200, 200, 200])
            let expected = try await Self.advancement(of: tournament, on: server)
            let first = try await server.call(.get, "\(path)?limit=3", as: guests[0])
            #expect(first.status == 200 && first.json["round"] as? String == "Quarterfinals", "\(first)")
            let page = first.json["standings"] as? [[String: Any]] ?? []
            #expect(page.map { $0["rank"] as? Int } == [1, 2, 3])
            let truncated = Advancement(
                schedule: AdvancementSchedule(rounds: Array(AdvancementSchedule.standard(podSize: 2).rounds.prefix(2))), entries: expected.entries,
                points: expected.points)
            #expect(page.compactMap { $0["entry"] as? String } == truncated.standings.prefix(3).map(\.entry))
            let cursor = try #require(first.json["next"] as? String)
            let second = try await server.call(.get, "\(path)?limit=3&cursor=\(cursor)", as: guests[0])
            #expect((second.json["standings"] as? [[String: Any]])?.map { $0["rank"] as? Int } == [4] && second.json["next"] == nil)

            // The caller's own entry: its qualifying room, then its quarterfinal pod and who was in it.
            let mine = try #require((first.json["mine"] as? [[String: Any]])?.first)
            let entry = try #require(mine["entry"] as? String)
            let rounds = mine["rounds"] as? [[String: Any]] ?? []
            #expect(rounds.map { $0["round"] as? String } == ["Qualifiers", "Quarterfinals"])
            #expect(rounds.first?["group"] as? String == rooms[0])
            let pod = try #require(expected.result.rounds[1].groups.first { $0.scores.contains { $0.entry == entry } })
            let quarter = rounds[1]
            #expect(quarter["group"] as? String == pod.id && quarter["first_week"] as? Int == 15)
            let matchup = quarter["matchup"] as? [[String: Any]] ?? []
            #expect(matchup.compactMap { $0["entry"] as? String } == pod.scores.map(\.entry))
            #expect(matchup.filter { $0["mine"] as? Bool == true }.count == 1)
            #expect(quarter["points"] as? Double == Double(pod.scores.first { $0.entry == entry }?.points.hundredths ?? -1) / 100)

            // Stored once: week 15 rescored afterwards does not move a stored round.
            try await server.database.transaction { sql in try await WeekPointsStore.upsert(week(15) { $0.number * 1_000 }, on: sql) }
            let reread = try await server.call(.get, "\(path)?limit=3", as: guests[0])
            #expect((reread.json["standings"] as? [[String: Any]])?.compactMap { $0["entry"] as? String } == page.compactMap { $0["entry"] as? String })
            let counts = try await server.database.withConnection { sql in
                (
                    try await sql.raw("SELECT COUNT(*) AS n FROM topdog_rounds WHERE tournament_id = \(bind: tournament)").first()?
                        .decode(column: "n", as: Int.self),
                    try await sql.raw("SELECT COUNT(*) AS n FROM topdog_round_entries WHERE tournament_id = \(bind: tournament)").first()?
                        .decode(column: "n", as: Int.self)
                )
            }
            #expect(counts.0 == 2 && counts.1 == 8)

            // Bad input: a cursor this server never handed out, a limit out of range, an unknown tournament.
            #expect(try await server.call(.get, "\(path)?cursor=abc", as: guests[0]).status == 400)
            #expect(try await server.call(.get, "\(path)?limit=0", as: guests[0]).status == 400)
            #expect(try await server.call(.get, "/topdog/tournaments/\(UUID().uuidString.lowercased())/standings", as: guests[0]).status == 404)
        }
    }

    /// The advancement over the tournament's drafted teams and stored points, computed the long way.
    static func advancement(of tournament: String, on server: OnlinePlayServer) async throws
        -> (result: Advancement, entries: [TournamentEntry], points: WeeklyPoints)
    {
        try await server.database.withConnection { sql in
            let entries = try await RoomStore.entries(inTournament: tournament, on: sql)
            let picks = try await RoomStore.picks(ofEntries: entries.map(\.id), on: sql)
            let teams = entries.map { entry in
                TournamentEntry(
                    id: entry.id, user: entry.userID, room: entry.roomID, order: entry.order,
                    roster: (picks[entry.id] ?? []).map { .init(playerID: $0.playerID, position: $0.position) })
            }
            let points = try await WeekPointsStore.points(of: nil, on: sql)
            return (Advancement(schedule: .standard(podSize: 2), entries: teams, points: points), teams, points)
        }
    }
}
