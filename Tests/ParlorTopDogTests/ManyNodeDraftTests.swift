import BestBall
import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// Drafts and money on PostgreSQL with many writers: stored clocks claimed by any node, racing
/// picks, and a ledger that balances under parallel joins, deposits and withdrawals.
@Suite("TopDog on many nodes", .enabled(if: TestDatabaseKind.available.contains(.postgres)), .timeLimit(.minutes(4)))
struct ManyNodeDraftTests {
    @Test("a node stopped mid-draft leaves its room to another, which finishes it: no pick skipped, doubled or stalled")
    func nodeKilledMidDraft() async throws {
        try await withSharedPostgres { location in
            // Node A seats two silent teams and drafts for them until it is stopped after a few picks.
            let (room, guests) = try await withOnlinePlayNode(at: location) { nodeA in
                let tournament = try await nodeA.tournament(extra: #","teams":2,"rounds":7,"speed":"custom","pick_seconds":1,"countdown_seconds":0"#)
                let guests = [try await nodeA.guest(), try await nodeA.guest()]
                let room = try await nodeA.fillRoom(tournament, with: guests)
                for guest in guests {
                    #expect(try await nodeA.call(.put, "/topdog/drafts/\(room)/autopick", as: guest, body: #"{"enabled":true}"#).status == 200)
                }
                try await Self.wait(until: { try await Self.picks(in: room, on: nodeA.database) >= 3 })
                return (room, guests)
            }
            let stoppedAt = try await Database.withOpened(location, logger: .quiet) { try await Self.picks(in: room, on: $0) }
            #expect(stoppedAt < 14)
            try await withOnlinePlayNode(at: location) { nodeB in
                try await Self.wait(until: { try await nodeB.call(.get, "/topdog/drafts/\(room)", as: guests[0]).json["status"] as? String == "complete" })
                let numbers = try await nodeB.database.withConnection { sql in
                    try await sql.select().column("number").from("topdog_picks").where("room_id", .equal, room).orderBy("number").all()
                        .map { try $0.decode(column: "number", as: Int.self) }
                }
                #expect(numbers == Array(1...14))
                let events = try await nodeB.database.withConnection { sql in
                    try await sql.select().column("seq").from("topdog_room_events").where("room_id", .equal, room).orderBy("seq").all()
                        .map { try $0.decode(column: "seq", as: Int.self) }
                }
                #expect(events == Array(1...events.count), "the log has no gap and no repeat")
            }
        }
    }

    @Test("picks racing for one slot have exactly one winner")
    func racingPicks() async throws {
        try await withTopDogServer(kind: .postgres) { server in
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0"#)
            let guests = [try await server.guest(), try await server.guest()]
            let room = try await server.fillRoom(tournament, with: guests)
            let driver = DraftDriver(server: server, room: room, guests: guests)
            let clock = try #require(try await driver.onTheClock())
            let players = driver.pool.players.prefix(8).map(\.id)
            // Eight different players for one slot from the team on the clock, and the same player from both teams.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for player in players {
                    group.addTask {
                        try await server.call(.post, "/topdog/drafts/\(room)/picks", as: clock.guest, body: #"{"player_id":"\#(player)"}"#).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1)
            #expect(statuses.filter { $0 == 422 }.count == 7)
            let next = try #require(try await driver.onTheClock())
            let contested = try #require(driver.pool.players.dropFirst(8).first?.id)
            let racing = try await withThrowingTaskGroup(of: Int.self) { group in
                for guest in guests {
                    group.addTask {
                        try await server.call(.post, "/topdog/drafts/\(room)/picks", as: guest, body: #"{"player_id":"\#(contested)"}"#).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(racing.sorted() == [200, 422])
            let picks = try await driver.read(as: next.guest)["picks"] as? [[String: Any]] ?? []
            #expect(picks.count == 2)
        }
    }

    @Test("property: parallel joins, deposits and withdrawals never overdraw, pay each entry once, and balance the books to the cent")
    func ledgerUnderLoad() async throws {
        try await withTopDogServer(kind: .postgres) { server in
            let tournament = try await server.tournament(fee: 700)
            let guests = try await (0..<6).asyncMap { _ in try await server.guest() }
            for guest in guests { #expect(try await server.deposit(5_000, for: guest).status == 201) }
            // Every answer is a success or the one refusal racing for money allows: never a 500.
            let answers = try await withThrowingTaskGroup(of: [Answer].self) { group in
                for (index, guest) in guests.enumerated() {
                    group.addTask {
                        var random = SystemRandomNumberGenerator()
                        var answers: [Answer] = []
                        for step in 0..<12 {
                            switch (index + step) % 3 {
                            case 0:
                                let joined = try await server.join(tournament, as: guest, count: 1 + Int(random.next() % 3))
                                answers.append(Answer("join", joined))
                            case 1:
                                let withdrawn = try await server.call(
                                    .post, "/topdog/wallet/withdrawals", as: guest, body: #"{"amount_cents":\#(500 + random.next() % 2_000),"idempotency_key":"w-\#(step)"}"#)
                                answers.append(Answer("withdrawal", withdrawn))
                            default:
                                let deposited = try await server.deposit(Int(100 + random.next() % 900) * 10, for: guest)
                                answers.append(Answer("deposit", deposited))
                            }
                        }
                        return answers
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            for answer in answers {
                #expect(
                    answer.status == 201 || (answer.kind != "deposit" && answer.status == 409 && answer.code == "insufficient_balance"),
                    "\(answer.kind): \(answer.status) \(answer.code ?? "")")
            }
            #expect(answers.contains { $0.kind == "withdrawal" && $0.status == 201 }, "some withdrawals went through")
            let books = try await server.books()
            #expect(books.total == 0, "the books balance to the cent")
            #expect(books.consistent, "every balance is the sum of its postings")
            #expect(books.negativeUsers == 0)
            try await server.database.withConnection { sql in
                let entries = try await sql.raw("SELECT COUNT(*) AS n FROM topdog_entries WHERE tournament_id = \(bind: tournament)").first()?
                    .decode(column: "n", as: Int.self) ?? -1
                let fees = try await sql.raw("SELECT CAST(COALESCE(SUM(-amount_cents), 0) AS BIGINT) AS s FROM ledger_transactions WHERE kind = 'entry_fee' AND reference = \(bind: tournament)")
                    .first()?.decode(column: "s", as: Int64.self) ?? -1
                let escrow = try await sql.raw("SELECT balance_cents FROM ledger_accounts WHERE id = \(bind: "escrow:" + tournament)").first()?
                    .decode(column: "balance_cents", as: Int64.self) ?? 0
                #expect(fees == Int64(entries) * 700, "every entry paid for once")
                #expect(escrow == fees)
                let counted = try await sql.raw("SELECT entries FROM topdog_tournaments WHERE id = \(bind: tournament)").first()?
                    .decode(column: "entries", as: Int.self)
                #expect(counted == entries)
            }
        }
    }

    /// What one money request answered: its status and error code.
    struct Answer: Sendable {
        var kind: String
        var status: Int
        var code: String?

        init(_ kind: String, _ answer: (status: Int, json: [String: Any])) {
            self.kind = kind
            self.status = answer.status
            self.code = (answer.json["error"] as? [String: Any])?["code"] as? String
        }
    }

    static func picks(in room: String, on database: Database) async throws -> Int {
        try await database.withConnection { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM topdog_picks WHERE room_id = \(bind: room)").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Polls `condition` every 20 ms for up to 60 s, a bound on a hang.
    static func wait(until condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw TestSetupError("timed out") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
