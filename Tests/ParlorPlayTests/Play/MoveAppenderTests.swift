import Foundation
import GameCore
import ParlorDatabase
@testable import ParlorEvents
@testable import ParlorPlay
import ParlorTestSupport
import PostgresNIO
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// The batched move statement against real games on PostgreSQL.
@Suite(.timeLimit(.minutes(2))) struct MoveAppenderTests {
    static let postgres = TestDatabaseKind.available.contains(.postgres)
    static let channel = "parlor_appender_test"

    /// One statement: moves on games still at the previous seq are written and their notices
    /// sent; a stale one changes nothing and sends nothing; a move without a notice is written.
    @Test(.enabled(if: postgres)) func aBatchWritesEachMoveOnItsOwnSeq() async throws {
        try await withTurnBasedGames(3) { database, games in
            let payloads = try await database.listen(channel: Self.channel)
            let moves = [
                Self.move(games[0], seq: 1, moveID: "a-1", notify: "first"),
                Self.move(games[1], seq: 5, moveID: "b-5", notify: "stale"),
                Self.move(games[2], seq: 1, moveID: "c-1", notify: nil),
            ]
            let applied = try await PlayStore.append(moves, on: database)
            #expect(applied == [games[0], games[2]])
            #expect(try await Self.seqs(of: games, on: database) == [1, 0, 1])
            #expect(try await Self.storedMoves(on: database) == ["\(games[0]):1:a-1", "\(games[2]):1:c-1"].sorted())
            var heard = payloads.makeAsyncIterator()
            #expect(await heard.next() == "first")
            // A marker sent afterwards arrives next: no notice of the stale move came in between.
            try await database.notify(channel: Self.channel, payload: "marker")
            #expect(await heard.next() == "marker")
        }
    }

    /// A batch of one runs its own statement (``PlayStore/AppendMove``), with the same rules: a
    /// move on its game's next seq is written and noticed; a stale one, one for a game that does
    /// not exist and one for a finished game change nothing and send nothing; a move without an
    /// action, move id, deadline or notice (a platform resignation) is stored with nulls.
    @Test(.enabled(if: postgres)) func aMoveAloneWritesOnlyOnItsOwnSeq() async throws {
        try await withTurnBasedGames(3) { database, games in
            let payloads = try await database.listen(channel: Self.channel)
            try await database.withConnection { sql in
                try await sql.raw("UPDATE games SET status = 'completed' WHERE id = \(bind: PlayStore.key(games[2]))").run()
            }
            #expect(try await PlayStore.append([Self.move(games[0], seq: 1, moveID: "a-1", deadline: 9_000, notify: "first")], on: database) == [games[0]])
            #expect(try await PlayStore.append([Self.move(games[1], seq: 2, moveID: "stale", notify: "stale")], on: database) == [])
            #expect(try await PlayStore.append([Self.move(UUID(), seq: 1, moveID: "nowhere", notify: "nowhere")], on: database) == [])
            #expect(try await PlayStore.append([Self.move(games[2], seq: 1, moveID: "over", notify: "over")], on: database) == [])
            var resignation = Self.move(games[1], seq: 1, moveID: "unused")
            resignation.entry = MoveEntry(seq: 1, seat: 1, kind: .resign, action: nil, moveID: nil, at: 2_000)
            #expect(try await PlayStore.append([resignation], on: database) == [games[1]])

            #expect(try await Self.seqs(of: games, on: database) == [1, 1, 0])
            #expect(try await Self.storedMoves(on: database) == ["\(games[0]):1:a-1", "\(games[1]):1:"].sorted())
            let stored = try await database.withConnection { sql in
                try await sql.raw("SELECT seat, kind, action, at FROM game_moves WHERE game = \(bind: PlayStore.key(games[1]))").first()
            }
            #expect(try stored?.decode(column: "seat", as: Int.self) == 1)
            #expect(try stored?.decode(column: "kind", as: String.self) == "resign")
            #expect(try stored?.decode(column: "action", as: String?.self) == nil)
            #expect(try stored?.decode(column: "at", as: Int64.self) == 2_000)
            let deadline = try await database.withConnection { sql in try await PlayStore.game(games[0], on: sql)?.deadlineAt }
            #expect(deadline == 9_000)
            var heard = payloads.makeAsyncIterator()
            #expect(await heard.next() == "first")
            try await database.notify(channel: Self.channel, payload: "marker")
            #expect(await heard.next() == "marker", "no refused move sent its notice")
        }
    }

    /// A move id already used for that seat fails the statement; the batch is then written move
    /// by move, so only the offending move fails and the others still land.
    @Test(.enabled(if: postgres)) func aFailingMoveDoesNotTakeTheBatchWithIt() async throws {
        try await withTurnBasedGames(2) { database, games in
            _ = try await PlayStore.append([Self.move(games[0], seq: 1, moveID: "dup")], on: database)
            let results = await MoveAppender.appendBatch(
                [Self.move(games[0], seq: 2, moveID: "dup"), Self.move(games[1], seq: 1, moveID: "fine")], database: database, logger: .quiet)
            #expect(results.count == 2)
            #expect((try? results[0].get()) == nil, "the repeated move id is refused")
            #expect((try? results[1].get()) == true)
            #expect(try await Self.seqs(of: games, on: database) == [1, 1])

            // Through the appender: concurrent moves of both games land, a stale one does not.
            let appender = MoveAppender(database: database, logger: .quiet)
            let landed = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                let moves = [(0, 2, "x"), (1, 2, "y"), (1, 7, "stale")]
                for (index, (game, seq, id)) in moves.enumerated() {
                    group.addTask { (index, try await appender.append(Self.move(games[game], seq: seq, moveID: id))) }
                }
                return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            #expect(landed == [0: true, 1: true, 2: false])
            #expect(try await Self.seqs(of: games, on: database) == [2, 2])
        }
    }

    /// Moves run on the express lane: with every connection of the shared pool held by other
    /// work, a move still lands at once instead of waiting for one to come free.
    @Test(.enabled(if: postgres)) func movesLandWhileTheSharedPoolIsBusy() async throws {
        try await withTurnBasedGames(1) { database, games in
            let appender = MoveAppender(database: database, logger: .quiet)
            let (held, holding) = AsyncStream<Void>.makeStream()
            let (release, releasing) = AsyncStream<Void>.makeStream()
            let pool = 20  // PostgresClient's default, which the shared pool keeps
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<pool {
                    group.addTask {
                        try await database.withConnection { _ in
                            holding.yield()
                            for await _ in release {}
                        }
                    }
                }
                _ = await held.prefix(pool).reduce(0) { count, _ in count + 1 }
                // Without a lane of its own the move would wait for this.
                group.addTask {
                    try await Task.sleep(for: .seconds(5))
                    releasing.finish()
                }
                let started = ContinuousClock.now
                let landed = try await appender.append(Self.move(games[0], seq: 1, moveID: "express"))
                let took = ContinuousClock.now - started
                releasing.finish()
                group.cancelAll()
                try? await group.waitForAll()
                #expect(landed)
                #expect(took < .seconds(4), "the move waited \(took) for the shared pool")
            }
            #expect(try await Self.seqs(of: games, on: database) == [1])
        }
    }

    /// The statement is prepared, so PostgreSQL soon plans it once for any parameters (a generic
    /// plan). That plan must still find each game by primary key when a burst of new games has
    /// outrun the table's statistics: it used to read every active game through the status index,
    /// on every move.
    @Test(.enabled(if: postgres)) func theGenericPlanFindsGamesByPrimaryKey() async throws {
        try await withTurnBasedGames(1) { database, _ in
            try await database.withConnection { sql in
                try await sql.raw("""
                    INSERT INTO games (id, game_type, engine_version, mode, status, players, settings, seed, seq, turn_seconds,
                        grace_seconds, timeout_policy, deadline_at, created_by, created_at)
                    SELECT md5(n::text), game_type, engine_version, mode, status, players, settings, seed, seq, turn_seconds,
                        grace_seconds, timeout_policy, deadline_at, created_by, created_at
                    FROM games, generate_series(1, 5000) AS n
                    """).run()
            }
            for statement in AppendStatement.allCases {
                let plan = try await statement.genericPlan(on: database, lane: .shared)
                #expect(plan.contains("games_pkey"), "\(statement): \(plan)")
                #expect(!plan.contains("games_wake"), "\(statement): \(plan)")
            }
        }
    }

    /// A prepared statement keeps the generic plan made on its first runs' statistics: made while
    /// a node had few games, it scanned every game on every batch once there were 1,000. The
    /// express lane, which appends moves, never plans that sequential scan; the shared pool, with
    /// PostgreSQL's default settings, does (which shows this test's tiny table really tempts it).
    @Test(.enabled(if: postgres)) func theExpressLaneFindsGamesByPrimaryKeyWhileTheTableIsTiny() async throws {
        try await withTurnBasedGames(1) { database, _ in
            for statement in AppendStatement.allCases {
                let express = try await statement.genericPlan(on: database, lane: .express)
                #expect(express.contains("games_pkey"), "\(statement): \(express)")
                #expect(!express.contains("Seq Scan on games"), "\(statement): \(express)")
            }
            let shared = try await AppendStatement.batch.genericPlan(on: database, lane: .shared)
            #expect(shared.contains("Seq Scan on games"), "\(shared)")
        }
    }

    /// A move that pushes its game's deadline on changes no indexed column of `games`, so
    /// PostgreSQL updates the row in place (HOT). Only a deadline earlier than the wake-up lowers
    /// `wake_at`, an indexed column, which shows the count really tells the two apart.
    @Test(.enabled(if: postgres), arguments: AppendStatement.allCases)
    func aMoveUpdatesItsGameInPlace(statement: AppendStatement) async throws {
        try await withTurnBasedGames(1) { database, games in
            let started = try await database.withConnection { sql in try await PlayStore.game(games[0], on: sql)?.deadlineAt }
            let deadline = try #require(started)
            let (wake, updates) = try await database.transaction { sql in
                try await sql.raw("PREPARE parlor_hot_append(\(unsafeRaw: statement.types)) AS \(unsafeRaw: statement.sql)").run()
                var updates: [[Int]] = []
                for (seq, next) in [(1, deadline + 60_000), (2, deadline - 60_000)] {
                    let move = Self.move(games[0], seq: seq, moveID: "m\(seq)", deadline: next)
                    try await sql.raw("EXECUTE parlor_hot_append(\(try statement.arguments(move)))").run()
                    let counts = try await sql.raw("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'games'").first()
                    updates.append([try counts?.decode(column: "n_tup_upd", as: Int.self) ?? -1, try counts?.decode(column: "n_tup_hot_upd", as: Int.self) ?? -1])
                }
                try await sql.raw("DEALLOCATE parlor_hot_append").run()
                let wake = try await sql.raw("SELECT wake_at FROM games WHERE id = \(bind: games[0].uuidString.lowercased())").first()
                return (try wake?.decode(column: "wake_at", as: Int64?.self), updates)
            }
            #expect(updates == [[1, 1], [2, 1]], "the first move's update was HOT, the second's (lowering wake_at) was not")
            #expect(wake == deadline - 60_000)
        }
    }

    /// The two append statements: the batch's and the one-move batch's.
    enum AppendStatement: CaseIterable, CustomStringConvertible {
        case batch, single

        var description: String { self == .batch ? PlayStore.AppendMoves.name : PlayStore.AppendMove.name }

        var sql: String { self == .batch ? PlayStore.AppendMoves.sql : PlayStore.AppendMove.sql }

        /// The parameter types, as `PREPARE` takes them: the ones the server binds.
        var types: String {
            let types = self == .batch ? PlayStore.AppendMoves.bindingDataTypes : PlayStore.AppendMove.bindingDataTypes
            return types.map { $0.knownSQLName ?? "unknown" }.joined(separator: ", ")
        }

        /// `move`'s parameters as literals, since `EXECUTE` takes no bound parameters.
        func arguments(_ move: MoveAppender.Move) throws -> SQLQueryString {
            switch self {
            case .batch:
                let append = try PlayStore.appendStatement([move])
                return "\(literal: append.batch), ARRAY[\(literals: append.ids, joinedBy: ", ")]"
            case .single:
                let entry = move.entry
                func literal(_ text: String?) -> SQLQueryString { text.map { "\(literal: $0)" } ?? "NULL" }
                let deadline: SQLQueryString = move.deadline.map { "\(literal: $0)" } ?? "NULL"
                return """
                    \(literal: PlayStore.key(move.game)), \(literal: entry.seq), \(literal: entry.seat), \(literal: entry.kind.rawValue), \
                    \(literal(entry.action)), \(literal(entry.moveID)), \(literal: entry.at), \(deadline), NULL, NULL
                    """
            }
        }

        /// The statement's generic plan on one connection of `lane`.
        func genericPlan(on database: Database, lane: Database.Lane) async throws -> String {
            let placeholder = MoveAppenderTests.move(UUID(), seq: 1, moveID: "plan")
            return try await database.withConnection(lane: lane) { sql in
                try await sql.raw("SET plan_cache_mode = force_generic_plan").run()
                try await sql.raw("PREPARE parlor_lane_plan(\(unsafeRaw: types)) AS \(unsafeRaw: self.sql)").run()
                let rows = try await sql.raw("EXPLAIN EXECUTE parlor_lane_plan(\(try arguments(placeholder)))").all()
                try await sql.raw("DEALLOCATE parlor_lane_plan").run()
                try await sql.raw("RESET plan_cache_mode").run()
                return try rows.map { try $0.decode(column: "QUERY PLAN", as: String.self) }.joined(separator: "\n")
            }
        }
    }

    static func move(_ game: UUID, seq: Int, moveID: String, deadline: Int64? = nil, notify payload: String? = nil) -> MoveAppender.Move {
        MoveAppender.Move(
            game: game, entry: MoveEntry(seq: seq, seat: 0, kind: .action, action: #""d4r0""#, moveID: moveID, at: 1_000 + Int64(seq)),
            // No deadline by default: one in the past would have the node's turn timer move these games too.
            deadline: deadline, notification: payload.map { DatabaseNotification(channel: channel, payload: $0) })
    }

    static func seqs(of games: [UUID], on database: Database) async throws -> [Int] {
        var seqs: [Int] = []
        for game in games {
            let row = try await database.withConnection { sql in try await PlayStore.game(game, on: sql) }
            seqs.append(row?.seq ?? -1)
        }
        return seqs
    }

    static func storedMoves(on database: Database) async throws -> [String] {
        try await database.withConnection { sql in
            try await sql.raw("SELECT game, seq, move_id FROM game_moves ORDER BY game, seq").all().map { row in
                "\(try row.decode(column: "game", as: String.self).uppercased()):\(try row.decode(column: "seq", as: Int.self)):"
                    + (try row.decode(column: "move_id", as: String?.self) ?? "")
            }
        }.sorted()
    }

    /// `count` active turn-based games made through the API, and a second pool on their database.
    private func withTurnBasedGames(_ count: Int, _ body: @escaping @Sendable (Database, [UUID]) async throws -> Void) async throws {
        try await withSharedPostgres { location in
            try await withOnlinePlayNode(at: location) { node in
                var games: [UUID] = []
                for _ in 0..<count {
                    let players = [try await node.guest(), try await node.guest()]
                    games.append(try await openTable(game: "quortex", players: players, nodes: [node], mode: "turn_based"))
                }
                try await Database.withOpened(location, logger: .quiet) { database in try await body(database, games) }
            }
        }
    }
}
