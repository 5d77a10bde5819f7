import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import SQLKit

/// SQL over `parlor_nodes` and `game_connections`: which node holds which players' connections.
///
/// `game_players.connections` is the total over nodes; every change to a node's share changes
/// the total in the same transaction (or statement), so the two always agree.
enum NodePresenceStore {
    /// A player whose last connection to a game went with a swept node.
    struct Gone: Sendable, Equatable {
        var game: UUID
        var user: String
    }

    /// Records that `node` is alive at `now`; false when its row was missing (a first heartbeat,
    /// or other nodes took it for dead and swept its connections).
    static func heartbeat(_ node: String, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        let refreshed = try await sql.raw("UPDATE parlor_nodes SET seen_at = \(bind: now) WHERE id = \(bind: node) RETURNING id").all()
        if !refreshed.isEmpty { return true }
        try await sql.insert(into: "parlor_nodes").columns("id", "started_at", "seen_at")
            .values(SQLBind(node), SQLBind(now), SQLBind(now)).ignoringConflicts(with: ["id"]).run()
        return false
    }

    /// Forgets the node's finished connections (count zero), which are only kept to be counted down.
    static func prune(_ node: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "game_connections").where("node", .equal, node).where("connections", .equal, 0).run()
    }

    /// Counts one more connection of `user` to `id` on `node`, and the total with it: the new
    /// total and whether they had been away until now, or nil when `user` has no seat (nothing is
    /// counted then). One statement on PostgreSQL, which needs no transaction of its own; on
    /// SQLite three, to run in a transaction.
    static func connect(_ user: String, to id: UUID, node: String, at now: Int64, on sql: any SQLDatabase) async throws -> PlayStore.Connection? {
        let game = PlayStore.key(id)
        let insert: SQLQueryString = "INSERT INTO game_connections (game, user_id, node, connections)"
        let counting: SQLQueryString = "ON CONFLICT (game, user_id, node) DO UPDATE SET connections = game_connections.connections + 1"
        guard sql.dialect.name != "sqlite" else {
            guard let change = try await PlayStore.connect(user, to: id, at: now, on: sql) else { return nil }
            try await sql.raw("\(insert) VALUES (\(bind: game), \(bind: user), \(bind: node), 1) \(counting)").run()
            return change
        }
        // The seat's row as it was comes from a locking read joined to the update: RETURNING
        // gives only the new row, and `wasAway` needs the old one. The total rises by one, so
        // the player is back (`away_since` cleared), as ``PlayStore/changeConnections`` sets it.
        let row = try await sql.raw("""
            WITH counted AS (
                UPDATE game_players AS seat SET connections = seat.connections + 1, away_since = NULL
                FROM (SELECT connections, away_since FROM game_players WHERE game = \(bind: game) AND user_id = \(bind: user) FOR UPDATE) AS before
                WHERE seat.game = \(bind: game) AND seat.user_id = \(bind: user)
                RETURNING seat.game, seat.user_id, seat.connections, before.connections AS connections_before, before.away_since AS away_before
            ), held AS (
                \(insert) SELECT game, user_id, \(bind: node), 1 FROM counted \(counting)
            )
            SELECT connections, connections_before, away_before FROM counted
            """).first()
        guard let row else { return nil }
        let wasAway = try row.decode(column: "connections_before", as: Int.self) == 0 && row.decode(column: "away_before", as: Int64?.self) != nil
        return (try row.decode(column: "connections", as: Int.self), wasAway)
    }

    /// Counts one connection of `user` to `id` on `node` out, and the total with it; the new total,
    /// or nil when this node held none (it was swept meanwhile: the total no longer counts it).
    /// One statement on PostgreSQL, a transaction of two on SQLite.
    static func disconnect(_ user: String, from id: UUID, node: String, at now: Int64, on database: Database) async throws -> Int? {
        let game = PlayStore.key(id)
        let mine: SQLQueryString = """
            UPDATE game_connections SET connections = connections - 1
            WHERE game = \(bind: game) AND user_id = \(bind: user) AND node = \(bind: node) AND connections > 0
            """
        guard database.dialect == .postgres else {
            return try await database.transaction { sql in
                guard !(try await sql.raw(mine + " RETURNING connections").all()).isEmpty else { return nil }
                return try await PlayStore.changeConnections(user, in: id, by: -1, at: now, on: sql)
            }
        }
        return try await database.withConnection { sql in
            try await sql.raw("""
                WITH mine AS (\(mine) RETURNING connections)
                UPDATE game_players SET connections = CASE WHEN connections - 1 < 0 THEN 0 ELSE connections - 1 END,
                away_since = CASE WHEN connections - 1 <= 0 THEN \(bind: now) ELSE NULL END
                WHERE game = \(bind: game) AND user_id = \(bind: user) AND EXISTS (SELECT 1 FROM mine) RETURNING connections
                """).first()?.decode(column: "connections", as: Int.self)
        }
    }

    /// Nodes not seen since `cutoff`; on PostgreSQL locked, skipping those another node is sweeping.
    static func silent(since cutoff: Int64, on sql: any SQLDatabase) async throws -> [String] {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE SKIP LOCKED"
        return try await sql.raw("SELECT id FROM parlor_nodes WHERE seen_at < \(bind: cutoff) ORDER BY id\(lock)").all()
            .map { try $0.decode(column: "id", as: String.self) }
    }

    /// Takes a silent node's connections out of the totals and forgets the node; answers the
    /// players left with no connection to a game.
    static func sweep(_ node: String, at now: Int64, on sql: any SQLDatabase) async throws -> [Gone] {
        let held = try await sql.raw("""
            DELETE FROM game_connections WHERE node = \(bind: node) RETURNING game, user_id, connections
            """).all()
        let counts = try held.map { row in
            (game: try row.decode(column: "game", as: String.self), user: try row.decode(column: "user_id", as: String.self),
             count: try row.decode(column: "connections", as: Int.self))
        }
        var gone: [Gone] = []
        // In key order, so that two nodes sweeping at once lock shared seats in the same order.
        for held in counts.sorted(by: { ($0.game, $0.user) < ($1.game, $1.user) }) where held.count > 0 {
            guard let game = UUID(parsing: held.game) else { continue }
            if try await PlayStore.changeConnections(held.user, in: game, by: -held.count, at: now, on: sql) == 0 {
                gone.append(Gone(game: game, user: held.user))
            }
        }
        try await sql.delete(from: "parlor_nodes").where("id", .equal, node).run()
        return gone
    }
}
