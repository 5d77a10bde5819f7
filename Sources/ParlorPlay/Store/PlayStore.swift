import Foundation
import GameCore
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import SQLKit

/// SQL over `games`, `game_players` and `game_moves`. Every write that changes a game's state is
/// conditional on the `seq` the writer read, which is what makes concurrent nodes safe.
enum PlayStore {
    // MARK: Games

    static func insert(_ game: GameRow, on sql: any SQLDatabase) async throws {
        try await insertion(of: game, on: sql).run()
    }

    /// Stores `game` and seats `members`, in that order of joining, under their names. One
    /// statement on PostgreSQL, which needs no transaction of its own; on SQLite one per row and
    /// name, to run in a transaction.
    static func insert(_ game: GameRow, seating members: [String], on sql: any SQLDatabase) async throws -> [SeatRow] {
        guard sql.dialect.name != "sqlite" else {
            try await insert(game, on: sql)
            var seats: [SeatRow] = []
            for (index, member) in members.enumerated() {
                let seat = SeatRow(user: member, joined: index, name: try await UserDirectory.displayName(of: member, on: sql))
                try await insert(seat, into: game.id, on: sql)
                seats.append(seat)
            }
            return seats
        }
        let joining = members.enumerated().map { index, member -> SQLQueryString in "(\(bind: member), \(literal: index))" }
        let rows = try await sql.raw("""
            WITH game AS (\(insertion(of: game, on: sql).insert) RETURNING id)
            INSERT INTO game_players (game, user_id, joined, name, connections, resigned)
            SELECT game.id, member.user_id, member.joined, COALESCE(named.display_name, \(bind: UserDirectory.unknownName)), 0, 0
            FROM game CROSS JOIN (VALUES \(joining.joined(separator: ", "))) AS member (user_id, joined)
            LEFT JOIN (\(UserDirectory.names(of: members))) AS named ON named.id = member.user_id
            RETURNING user_id, joined, name
            """).all()
        let seats = try rows.map { row in
            SeatRow(
                user: try row.decode(column: "user_id", as: String.self), joined: try row.decode(column: "joined", as: Int.self),
                name: try row.decode(column: "name", as: String.self))
        }
        return seats.sorted { $0.joined < $1.joined }
    }

    private static let insertedColumns = SQLColumnList(GameRow.columns + ["wake_at"])

    private static func insertion(of game: GameRow, on sql: any SQLDatabase) -> SQLInsertBuilder {
        sql.insert(into: "games")
            .columns(insertedColumns)
            .values(
                SQLBind(game.id.canonicalText), SQLBind(game.gameType), SQLBind(game.engineVersion),
                SQLBind(game.mode.rawValue), SQLBind(game.status.rawValue), SQLBind(game.players), SQLBind(game.inviteCode),
                SQLBind(game.settings), SQLBind(game.seed.description), SQLBind(game.seq), SQLBind(game.turnSeconds),
                SQLBind(game.graceSeconds), SQLBind(game.timeoutPolicy.rawValue), SQLBind(game.deadlineAt), SQLBind(game.createdBy),
                SQLBind(game.createdAt), SQLBind(game.startedAt), SQLBind(game.lastMoveAt), SQLBind(game.endedAt),
                SQLBind(game.outcome.map { Self.json($0.winners) }), SQLBind(game.outcome?.winType.rawValue), SQLBind(game.rematchOf),
                SQLBind(game.deadlineAt)
            )
    }

    /// The game's row; `locked` keeps it locked for the caller's transaction (PostgreSQL), so
    /// writers that decide from it take turns.
    static func game(_ id: UUID, locked: Bool = false, on sql: any SQLDatabase) async throws -> GameRow? {
        let query = sql.select().column(GameRow.columnList).from("games").where("id", .equal, key(id))
        if locked, sql.dialect.name != "sqlite" { query.for(.update) }
        return try await query.first().map(GameRow.init(row:))
    }

    static func game(inviteCode: String, on sql: any SQLDatabase) async throws -> GameRow? {
        try await sql.select().column(GameRow.columnList).from("games").where("invite_code", .equal, inviteCode).first()
            .map(GameRow.init(row:))
    }

    static func rematch(of id: UUID, on sql: any SQLDatabase) async throws -> UUID? {
        try await sql.select().column("id").from("games").where("rematch_of", .equal, key(id)).first()
            .flatMap { UUID(parsing: try $0.decode(column: "id", as: String.self)) }
    }

    /// Marks a waiting game active; false when another writer started it first.
    static func start(_ id: UUID, at now: Int64, deadline: Int64?, on sql: any SQLDatabase) async throws -> Bool {
        let rows = try await sql.raw("""
            UPDATE games SET status = 'active', started_at = \(bind: now), last_move_at = \(bind: now), deadline_at = \(bind: deadline),
                wake_at = \(wake(after: deadline))
            WHERE id = \(bind: key(id)) AND status = 'waiting' RETURNING id
            """).all()
        return !rows.isEmpty
    }

    /// Moves the game from `entry.seq - 1` to `entry.seq` and stores the entry, also completing
    /// the game when the entry ends it; false, writing nothing, when another writer got there
    /// first. One statement on PostgreSQL; on SQLite two, to run in a transaction.
    static func advance(
        _ id: UUID, by entry: MoveEntry, deadline: Int64?, completing ending: (outcome: GameOutcome, at: Int64)? = nil, on sql: any SQLDatabase
    ) async throws -> Bool {
        let state = ending.map { completion($0.outcome, at: $0.at) } ?? "deadline_at = \(bind: deadline), wake_at = \(wake(after: deadline))"
        let advance: SQLQueryString = """
            UPDATE games SET seq = \(bind: entry.seq), last_move_at = \(bind: entry.at), \(state)
            WHERE id = \(bind: key(id)) AND seq = \(bind: entry.seq - 1) AND status = 'active' RETURNING id
            """
        guard sql.dialect.name != "sqlite" else {
            guard !(try await sql.raw(advance).all()).isEmpty else { return false }
            try await insert(entry, into: id, on: sql)
            return true
        }
        let stored = try await sql.raw("""
            WITH advanced AS (\(advance))
            INSERT INTO game_moves (game, seq, seat, kind, action, move_id, at)
            SELECT advanced.id, \(bind: entry.seq), \(bind: entry.seat), \(bind: entry.kind.rawValue), \(bind: entry.action),
                \(bind: entry.moveID), \(bind: entry.at) FROM advanced
            RETURNING game
            """).all()
        return !stored.isEmpty
    }

    static func complete(_ id: UUID, outcome: GameOutcome, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE games SET \(completion(outcome, at: now)) WHERE id = \(bind: key(id))").run()
    }

    /// The columns a game's end sets: no deadline, no invite code, the winners.
    private static func completion(_ outcome: GameOutcome, at now: Int64) -> SQLQueryString {
        """
        status = \(bind: GameStatus.completed.rawValue), ended_at = \(bind: now), deadline_at = NULL, wake_at = NULL,
        winners = \(bind: json(outcome.winners)), win_type = \(bind: outcome.winType.rawValue), invite_code = NULL
        """
    }

    static func setDeadline(_ id: UUID, _ deadline: Int64?, on sql: any SQLDatabase) async throws {
        try await sql.update("games").set("deadline_at", to: SQLBind(deadline)).set("wake_at", to: wake(after: deadline))
            .where("id", .equal, key(id)).run()
    }

    /// `wake_at` once the deadline is `deadline`: lowered to it, never raised, so a move that
    /// pushes the deadline later changes no indexed column (``PlayMigrations/turnWake``).
    static func wake(after deadline: Int64?) -> SQLQueryString {
        guard let deadline else { return "wake_at" }
        return "CASE WHEN wake_at IS NULL OR wake_at > \(bind: deadline) THEN \(bind: deadline) ELSE wake_at END"
    }

    /// The earliest wake-up time of any active game: one read of the `(status, wake_at)` index,
    /// so that the turn timer's rounds that find nothing due (nearly all) cost one statement and
    /// take no lock.
    static func nextWake(on sql: any SQLDatabase) async throws -> Int64? {
        try await sql.raw("SELECT MIN(wake_at) AS next FROM games WHERE status = 'active'").first()?.decode(column: "next", as: Int64?.self)
    }

    /// Active games whose wake-up time has passed, oldest first, with their deadlines: a later
    /// deadline means a move pushed it on since (``rewake(_:on:)``). On PostgreSQL the rows stay
    /// locked for the transaction and rows another node holds are skipped, so each timer fires once.
    static func due(at now: Int64, limit: Int, on sql: any SQLDatabase) async throws -> [(game: UUID, deadline: Int64?)] {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE SKIP LOCKED"
        let rows = try await sql.raw("""
            SELECT id, deadline_at FROM games WHERE status = 'active' AND wake_at <= \(bind: now)
            ORDER BY wake_at LIMIT \(bind: limit)\(lock)
            """).all()
        return try rows.compactMap { row in
            guard let game = UUID(parsing: try row.decode(column: "id", as: String.self)) else { return nil }
            return (game, try row.decode(column: "deadline_at", as: Int64?.self))
        }
    }

    /// Sets the games' wake-up times to their deadlines, as they stand: after ``due(at:limit:on:)``
    /// found them, whether their timers fired or had been pushed on by moves.
    static func rewake(_ games: [UUID], on sql: any SQLDatabase) async throws {
        guard !games.isEmpty else { return }
        try await sql.update("games").set("wake_at", to: SQLColumn("deadline_at")).where("id", .in, games.map(key)).run()
    }

    /// The user's games, newest first, after the cursor `(created_at, id)`.
    static func games(
        of user: String, status: GameStatus?, before cursor: (Int64, String)?, limit: Int, finishedSince: Int64? = nil, on sql: any SQLDatabase
    ) async throws -> [GameRow] {
        let query = sql.select().column(GameRow.columnList(table: "games")).from("games")
            .join("game_players", on: SQLColumn("id", table: "games"), .equal, SQLColumn("game", table: "game_players"))
            .where(SQLColumn("user_id", table: "game_players"), .equal, SQLBind(user))
        if let status { query.where(SQLColumn("status", table: "games"), .equal, SQLBind(status.rawValue)) }
        if let finishedSince {
            query.where { $0.where(SQLColumn("ended_at", table: "games"), .is, SQLLiteral.null).orWhere(SQLColumn("ended_at", table: "games"), .greaterThanOrEqual, SQLBind(finishedSince)) }
        }
        if let (createdAt, id) = cursor {
            query.where { group in
                group.where(SQLColumn("created_at", table: "games"), .lessThan, SQLBind(createdAt))
                    .orWhere { $0.where(SQLColumn("created_at", table: "games"), .equal, SQLBind(createdAt)).where(SQLColumn("id", table: "games"), .lessThan, SQLBind(id)) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending)
            .limit(limit).all().map(GameRow.init(row:))
    }

    // MARK: Seats

    static func seats(of id: UUID, on sql: any SQLDatabase) async throws -> [SeatRow] {
        try await sql.select().column(SeatRow.columnList).from("game_players").where("game", .equal, key(id)).orderBy("joined").all().map(SeatRow.init(row:))
    }

    static func insert(_ seat: SeatRow, into id: UUID, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "game_players")
            .columns("game", "user_id", "joined", "name", "connections", "resigned")
            .values(SQLBind(key(id)), SQLBind(seat.user), SQLBind(seat.joined), SQLBind(seat.name), SQLBind(0), SQLBind(0))
            .run()
    }

    /// Seats `users` in that order: the first at seat 0.
    static func assign(seats users: [String], in id: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            UPDATE game_players SET seat = \(perUser(users, Array(users.indices)))
            WHERE game = \(bind: key(id)) AND user_id IN (\(binds: users))
            """).run()
    }

    /// `CASE user_id WHEN … THEN … END`: one value per user, for a single statement over all of them.
    static func perUser(_ users: [String], _ values: [Int]) -> SQLQueryString {
        var expression: SQLQueryString = "CASE user_id"
        for (user, value) in zip(users, values) { expression += " WHEN \(bind: user) THEN \(bind: value)" }
        return expression + " END"
    }

    static func markResigned(_ user: String, in id: UUID, on sql: any SQLDatabase) async throws {
        try await sql.update("game_players").set("resigned", to: 1).where("game", .equal, key(id)).where("user_id", .equal, user).run()
    }

    /// A user's connections to a game after one more, and whether they had been away until then.
    typealias Connection = (connections: Int, wasAway: Bool)

    /// A new connection of the user's to the game: the new count, and whether they had been away
    /// (gone to zero connections, their leaving announced) until now. Run it in a transaction: the
    /// row is read, locked on PostgreSQL, then written.
    static func connect(_ user: String, to id: UUID, at now: Int64, on sql: any SQLDatabase) async throws -> Connection? {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE"
        guard let before = try await sql.raw("""
            SELECT connections, away_since FROM game_players WHERE game = \(bind: key(id)) AND user_id = \(bind: user)\(lock)
            """).first()
        else { return nil }
        let wasAway = try before.decode(column: "connections", as: Int.self) == 0 && before.decode(column: "away_since", as: Int64?.self) != nil
        guard let connections = try await changeConnections(user, in: id, by: 1, at: now, on: sql) else { return nil }
        return (connections, wasAway)
    }

    /// Counts a connection in or out and returns the new count (nil when the user has no seat).
    static func changeConnections(_ user: String, in id: UUID, by delta: Int, at now: Int64, on sql: any SQLDatabase) async throws -> Int? {
        let row = try await sql.raw("""
            UPDATE game_players SET connections = CASE WHEN connections + \(bind: delta) < 0 THEN 0 ELSE connections + \(bind: delta) END,
            away_since = CASE WHEN connections + \(bind: delta) <= 0 THEN \(bind: now) ELSE NULL END
            WHERE game = \(bind: key(id)) AND user_id = \(bind: user) RETURNING connections
            """).first()
        return try row?.decode(column: "connections", as: Int.self)
    }

    // MARK: Moves

    static func insert(_ entry: MoveEntry, into id: UUID, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "game_moves")
            .columns("game", "seq", "seat", "kind", "action", "move_id", "at")
            .values(
                SQLBind(key(id)), SQLBind(entry.seq), SQLBind(entry.seat), SQLBind(entry.kind.rawValue), SQLBind(entry.action),
                SQLBind(entry.moveID), SQLBind(entry.at))
            .run()
    }

    static func moves(of id: UUID, after seq: Int = 0, on sql: any SQLDatabase) async throws -> [MoveEntry] {
        try await sql.select().columns("seq", "seat", "kind", "action", "move_id", "at").from("game_moves")
            .where("game", .equal, key(id)).where("seq", .greaterThan, seq).orderBy("seq").all()
            .map { row in
                guard let kind = MoveEntry.Kind(rawValue: try row.decode(column: "kind", as: String.self)) else {
                    throw PlayStoreError.corruptRow("game_moves")
                }
                return MoveEntry(
                    seq: try row.decode(column: "seq", as: Int.self), seat: try row.decode(column: "seat", as: Int.self), kind: kind,
                    action: try row.decode(column: "action", as: String?.self), moveID: try row.decode(column: "move_id", as: String?.self),
                    at: try row.decode(column: "at", as: Int64.self))
            }
    }

    static func key(_ id: UUID) -> String { id.canonicalText }

    static func json(_ seats: [Int]) -> String {
        "[" + seats.map(String.init).joined(separator: ",") + "]"
    }
}
