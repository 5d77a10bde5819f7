import ParlorDatabase
import ServerTestSupport
import BestBall
import Foundation
import HTTPTypes
import ParlorTestSupport
@testable import ParlorTopDog
import SQLKit
import Testing

/// After the drafts: weekly points, My Teams, exposure, completion, prizes and draft alerts.
@Suite("TopDog season", .timeLimit(.minutes(3)))
struct SeasonTests {
    @Test("scored weeks show on My Teams; completing ranks the entries, pays the prizes and balances the books", arguments: TestDatabaseKind.available)
    func season(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let tournament = try await server.tournament(
                fee: 1_000, extra: #","teams":2,"rounds":7,"countdown_seconds":0,"prizes":[1500,300]"#)
            let guests = [try await server.guest(), try await server.guest()]
            for guest in guests { #expect(try await server.deposit(1_000, for: guest).json["status"] as? String == "settled") }
            let room = try await server.fillRoom(tournament, with: guests)
            let early = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/complete", as: try await server.admin())
            #expect(early.status == 409 && (early.json["error"] as? [String: Any])?["code"] as? String == "drafts_running")
            try await DraftDriver(server: server, room: room, guests: guests).pick(14)
            // Week 1: every drafted player scores its pick number in points; week 2 by a stat line.
            let picks = try await server.database.withConnection { sql in try await RoomStore.picks(in: room, on: sql) }
            let week1 = picks.map { WeekPoints(week: 1, playerID: $0.playerID, points: Points(hundredths: $0.number * 100), stats: nil) }
            let line = StatLine(receptions: 4, receivingYards: 50)
            let week2 = picks.map { WeekPoints(week: 2, playerID: $0.playerID, points: line.points, stats: line) }
            // The playoff weeks (15, 16, 17) repeat week 1: each round scores only its own week.
            let playoffs = [15, 16, 17].flatMap { week in week1.map { WeekPoints(week: week, playerID: $0.playerID, points: $0.points, stats: nil) } }
            try await server.database.transaction { sql in try await WeekPointsStore.upsert(week1 + week2, on: sql) }
            var totals: [String: Double] = [:]
            for guest in guests {
                let teams = try await server.call(.get, "/topdog/teams?sort=points", as: guest)
                let team = try #require((teams.json["teams"] as? [[String: Any]])?.first)
                let entry = try #require(team["entry"] as? String)
                let detail = try await server.call(.get, "/topdog/teams/\(entry)", as: guest)
                let weeks = try #require(detail.json["weeks"] as? [[String: Any]])
                #expect(weeks.count == 2)
                // Week 2: seven starters at 7 points each (4 catches 2 + 50 yards 5).
                #expect(weeks.last?["points"] as? Double == 49)
                // Week 1 by hand: the seven starters' pick numbers.
                let mine = picks.filter { $0.team == team["slot"] as? Int }
                let lineup = BestBallLineup(roster: mine.map { ($0.playerID, $0.position) }, points: Dictionary(uniqueKeysWithValues: mine.map { ($0.playerID, Points(hundredths: $0.number * 100)) }))
                #expect(weeks.first?["points"] as? Double == Double(lineup.total.hundredths) / 100)
                totals[guest.user] = weeks.first?["points"] as? Double
                let standing = try #require(detail.json["playoff"] as? [String: Any])
                #expect(standing["round"] as? String == "Qualifiers" && standing["group"] as? String == room && standing["advanced"] as? Bool == true)
                let exposure = try await server.call(.get, "/topdog/exposure?position=QB", as: guest)
                #expect(exposure.json["teams"] as? Int == 1)
                #expect((exposure.json["players"] as? [[String: Any]])?.allSatisfy { $0["share"] as? Double == 1 } == true)
            }
            try await server.database.transaction { sql in try await WeekPointsStore.upsert(playoffs, on: sql) }
            let admin = try await server.admin()
            let completed = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/complete?reason=week%2017%20scored", as: admin)
            #expect(completed.status == 200)
            let trail = try await server.call(.get, "/admin/audit?target_kind=tournament&target_id=\(tournament)&action=topdog.tournament.complete", as: admin)
            let records = trail.json["records"] as? [[String: Any]] ?? []
            #expect(records.count == 1 && records.first?["reason"] as? String == "week 17 scored" && records.first?["actor"] as? String == admin.user)
            let standings = try #require(completed.json["standings"] as? [[String: Any]])
            #expect(standings.map { $0["rank"] as? Int } == [1, 2])
            #expect(standings.map { $0["prize_cents"] as? Int } == [1_500, 300])
            let winner = try #require(standings.first?["user"] as? String)
            #expect(totals[winner] == totals.values.max())
            let winnerGuest = try #require(guests.first { $0.user == winner })
            #expect(try await server.balance(of: winnerGuest) == 1_500)
            let again = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/complete", as: try await server.admin())
            #expect(again.status == 409)
            // Fees 2,000 in, prizes 1,800 out: the house keeps 200, and the books balance.
            let house = try await server.database.withConnection { sql in try await LedgerStore.balance(of: LedgerAccount.house, on: sql) }
            #expect(house == 200)
            let books = try await server.books()
            #expect(books.total == 0 && books.consistent && books.negativeUsers == 0)
            let lobby = try await server.call(.get, "/topdog/tournaments/\(tournament)", as: winnerGuest)
            #expect(lobby.json["status"] as? String == "complete")
            let history = try await server.call(.get, "/topdog/wallet/transactions?limit=2", as: winnerGuest)
            let kinds = (history.json["transactions"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
            #expect(kinds == ["prize", "entry_fee"])
            #expect(history.json["next"] != nil)
        }
    }

    @Test("draft alerts are recorded with the seed's payloads, as each user's preferences allow")
    func alerts() async throws {
        try await withTopDogServer { server in
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0"#)
            let (a, b) = (try await server.guest(), try await server.guest())
            let muted = try await server.call(.put, "/topdog/alerts/preferences", as: b, body: #"{"on_the_clock":false,"room_filled":null}"#)
            #expect(muted.status == 200 && muted.json["on_the_clock"] as? Bool == false && muted.json["room_filled"] as? Bool == true)
            let room = try await server.fillRoom(tournament, with: [a, b])
            let driver = DraftDriver(server: server, room: room, guests: [a, b])
            try await driver.pick(3)
            let kindsA = try await server.call(.get, "/topdog/alerts", as: a).json["alerts"] as? [[String: Any]] ?? []
            let kindsB = try await server.call(.get, "/topdog/alerts", as: b).json["alerts"] as? [[String: Any]] ?? []
            #expect(Set(kindsA.compactMap { $0["kind"] as? String }).isSuperset(of: ["room_filled", "draft_starting", "on_the_clock"]))
            #expect(!kindsB.contains { $0["kind"] as? String == "on_the_clock" })
            #expect(kindsB.contains { $0["kind"] as? String == "room_filled" })
            let onTheClock = try #require(kindsA.first { $0["kind"] as? String == "on_the_clock" }?["payload"] as? [String: Any])
            let data = try #require(onTheClock["data"] as? [String: Any])
            #expect(data["type"] as? String == "on_the_clock" && data["roomId"] as? String == room)
            #expect(((onTheClock["aps"] as? [String: Any])?["alert"] as? [String: Any])?["title"] as? String == "Your Turn!")
        }
    }
}
