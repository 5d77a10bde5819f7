import Foundation
import ParlorAPI
import ParlorDatabase
import SQLKit

/// A chat line as `game_chat` keeps it.
package struct StoredChatLine: Sendable, Equatable {
    package var id: Int64
    package var game: UUID
    package var user: String
    package var seat: Int?
    package var name: String
    package var text: String
    /// Milliseconds since 1970.
    package var at: Int64
    /// When a moderator removed it, and who; nil while it stands.
    package var removedAt: Int64?
    package var removedBy: String?
}

/// The SQL over `game_chat`, the chat lines each game keeps.
enum ChatStore {
    private static let columns = ["id", "game", "user_id", "seat", "name", "text", "at", "removed_at", "removed_by"]

    /// Stores `line` and answers its id, then drops the game's oldest lines beyond `keep`.
    static func append(_ line: ChatLine, to game: UUID, keep: Int, on sql: any SQLDatabase) async throws -> Int64 {
        guard
            let id = try await sql.insert(into: "game_chat")
                .columns("game", "user_id", "seat", "name", "text", "at")
                .values(
                    SQLBind(PlayStore.key(game)), SQLBind(line.user), SQLBind(line.seat), SQLBind(line.name), SQLBind(line.text),
                    SQLBind(line.at))
                .returning("id").first()?.decode(column: "id", as: Int64.self)
        else { throw PlayStoreError.corruptRow("game_chat") }
        // The newest line past the ones kept, and every older one, go.
        let oldestDropped = try await sql.select().column("id").from("game_chat").where("game", .equal, PlayStore.key(game))
            .orderBy("id", .descending).limit(1).offset(max(keep, 1)).first()?.decode(column: "id", as: Int64.self)
        if let oldestDropped {
            try await sql.delete(from: "game_chat").where("game", .equal, PlayStore.key(game)).where("id", .lessThanOrEqual, oldestDropped).run()
        }
        return id
    }

    /// The game's newest `limit` lines still standing, oldest first.
    static func recent(in game: UUID, limit: Int, on sql: any SQLDatabase) async throws -> [StoredChatLine] {
        let rows = try await sql.select().columns(columns).from("game_chat")
            .where("game", .equal, PlayStore.key(game)).where("removed_at", .is, SQLLiteral.null)
            .orderBy("id", .descending).limit(limit).all()
        return try rows.map(line).reversed()
    }

    /// Every line of the game, removed ones too, newest first: `limit` of them below `before`.
    static func page(of game: UUID, before: Int64?, limit: Int, on sql: any SQLDatabase) async throws -> [StoredChatLine] {
        var query = sql.select().columns(columns).from("game_chat").where("game", .equal, PlayStore.key(game))
        if let before { query = query.where("id", .lessThan, before) }
        return try await query.orderBy("id", .descending).limit(limit).all().map(line)
    }

    static func line(_ id: Int64, in game: UUID, on sql: any SQLDatabase) async throws -> StoredChatLine? {
        try await sql.select().columns(columns).from("game_chat").where("id", .equal, id).where("game", .equal, PlayStore.key(game))
            .first().map(line)
    }

    /// Marks the line removed by `moderator`, unless it already is; whether this call removed it.
    static func remove(_ id: Int64, by moderator: String, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.update("game_chat").set("removed_at", to: time).set("removed_by", to: moderator)
            .where("id", .equal, id).where("removed_at", .is, SQLLiteral.null)
            .returning("id").all().count == 1
    }

    static func gameExists(_ game: UUID, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("id").from("games").where("id", .equal, PlayStore.key(game)).first() != nil
    }

    /// Forgets every line `user` wrote, in every game.
    static func forget(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "game_chat").where("user_id", .equal, user).run()
    }

    private static func line(_ row: any SQLRow) throws -> StoredChatLine {
        guard let game = UUID(parsing: try row.decode(column: "game", as: String.self)) else { throw PlayStoreError.corruptRow("game_chat") }
        return StoredChatLine(
            id: try row.decode(column: "id", as: Int64.self), game: game, user: try row.decode(column: "user_id", as: String.self),
            seat: try row.decode(column: "seat", as: Int?.self), name: try row.decode(column: "name", as: String.self),
            text: try row.decode(column: "text", as: String.self), at: try row.decode(column: "at", as: Int64.self),
            removedAt: try row.decode(column: "removed_at", as: Int64?.self), removedBy: try row.decode(column: "removed_by", as: String?.self))
    }
}
