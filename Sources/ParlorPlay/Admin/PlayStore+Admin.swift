import Foundation
import ParlorAPI
import ParlorDatabase
import SQLKit

/// The reads staff make over Play's tables: every game, not one player's, and the nodes.
extension PlayStore {
    /// What staff filter games by; nil matches everything.
    package struct GameFilter: Sendable {
        package var status: GameStatus?
        package var gameType: String?
        package var player: String?

        package init(status: GameStatus? = nil, gameType: String? = nil, player: String? = nil) {
            self.status = status
            self.gameType = gameType
            self.player = player
        }
    }

    /// Games newest first (by creation), `limit` of them, after `cursor` (time, id).
    static func games(matching filter: GameFilter, before cursor: (Int64, String)?, limit: Int, on sql: any SQLDatabase) async throws -> [GameRow] {
        let games = "games"
        let query = sql.select().column(GameRow.columnList(table: games)).from(games)
        if let player = filter.player {
            query.where(SQLColumn("id", table: games), .in, SQLGroupExpression(sql.select().column("game").from("game_players").where("user_id", .equal, SQLBind(player)).query))
        }
        if let status = filter.status { query.where(SQLColumn("status", table: games), .equal, SQLBind(status.rawValue)) }
        if let type = filter.gameType { query.where(SQLColumn("game_type", table: games), .equal, SQLBind(type)) }
        if let (createdAt, id) = cursor {
            query.where { group in
                group.where(SQLColumn("created_at", table: games), .lessThan, SQLBind(createdAt))
                    .orWhere { $0.where(SQLColumn("created_at", table: games), .equal, SQLBind(createdAt)).where(SQLColumn("id", table: games), .lessThan, SQLBind(id)) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all().map(GameRow.init(row:))
    }

    /// The seats of each of `ids`, in joining order.
    static func seats(of ids: [UUID], on sql: any SQLDatabase) async throws -> [UUID: [SeatRow]] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await sql.select().column("game").column(SeatRow.columnList).from("game_players")
            .where("game", .in, ids.map(key)).orderBy("joined").all()
        var seats: [UUID: [SeatRow]] = [:]
        for row in rows {
            guard let id = UUID(parsing: try row.decode(column: "game", as: String.self)) else { throw PlayStoreError.corruptRow("game_players") }
            seats[id, default: []].append(try SeatRow(row: row))
        }
        return seats
    }

    /// A node as staff see it.
    package struct NodeSummary: Sendable, Equatable {
        package var id: String
        package var startedAt: Int64
        package var seenAt: Int64
        package var sockets: Int
        package var users: Int
        package var games: Int
    }

    /// Every node with its open sockets, the users they belong to, and the games they follow.
    static func nodes(on sql: any SQLDatabase) async throws -> [NodeSummary] {
        let rows = try await sql.raw("""
            SELECT n.id, n.started_at, n.seen_at,
                (SELECT COALESCE(SUM(s.sockets), 0) FROM user_sockets AS s WHERE s.node = n.id AND s.sockets > 0) AS sockets,
                (SELECT COUNT(*) FROM user_sockets AS s WHERE s.node = n.id AND s.sockets > 0) AS users,
                (SELECT COUNT(DISTINCT c.game) FROM game_connections AS c WHERE c.node = n.id AND c.connections > 0) AS games
            FROM parlor_nodes AS n ORDER BY n.started_at, n.id
            """).all()
        return try rows.map { row in
            NodeSummary(
                id: try row.decode(column: "id", as: String.self), startedAt: try row.decode(column: "started_at", as: Int64.self),
                seenAt: try row.decode(column: "seen_at", as: Int64.self), sockets: try row.decode(column: "sockets", as: Int.self),
                users: try row.decode(column: "users", as: Int.self), games: try row.decode(column: "games", as: Int.self))
        }
    }
}
