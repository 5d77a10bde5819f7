import Foundation
import ParlorAPI
import ParlorAccounts
import SQLKit

/// One row of `game_invitations`.
struct InvitationRow: Sendable {
    /// `expired`: the game was cancelled or expired while the invitation was pending.
    enum Status: String, Sendable { case pending, accepted, declined, expired }

    var id: String
    var game: String
    var from: String
    var to: String
    var status: Status
    var createdAt: Int64
    var expiresAt: Int64

    static let columns = ["id", "game", "from_user", "to_user", "status", "created_at", "expires_at"]

    init(row: any SQLRow) throws {
        id = try row.decode(column: "id", as: String.self)
        game = try row.decode(column: "game", as: String.self)
        from = try row.decode(column: "from_user", as: String.self)
        to = try row.decode(column: "to_user", as: String.self)
        status = Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .declined
        createdAt = try row.decode(column: "created_at", as: Int64.self)
        expiresAt = try row.decode(column: "expires_at", as: Int64.self)
    }
}

/// SQL over `game_invitations`.
enum InvitationStore {
    /// Invites `user` to `game`; inviting again renews the invitation (pending, fresh expiry).
    static func upsert(game: String, from: String, to user: String, now: Int64, expires: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO game_invitations (id, game, from_user, to_user, status, created_at, expires_at)
            VALUES (\(bind: UUID().canonicalText), \(bind: game), \(bind: from), \(bind: user), 'pending', \(bind: now), \(bind: expires))
            ON CONFLICT (game, to_user) DO UPDATE SET from_user = excluded.from_user, status = 'pending',
                created_at = excluded.created_at, expires_at = excluded.expires_at
            """).run()
    }

    static func invitations(to users: [String], in game: String, on sql: any SQLDatabase) async throws -> [InvitationRow] {
        try await sql.select().columns(InvitationRow.columns).from("game_invitations")
            .where("game", .equal, game).where("to_user", .in, users)
            .orderBy("created_at", .descending).orderBy("id", .descending).all().map(InvitationRow.init(row:))
    }

    /// The user's pending invitations that expire after `now`, newest first.
    static func pending(to user: String, now: Int64, on sql: any SQLDatabase) async throws -> [InvitationRow] {
        try await sql.select().columns(InvitationRow.columns).from("game_invitations")
            .where("to_user", .equal, user).where("status", .equal, InvitationRow.Status.pending.rawValue)
            .where("expires_at", .greaterThan, now)
            .orderBy("created_at", .descending).orderBy("id", .descending).all().map(InvitationRow.init(row:))
    }

    static func invitation(_ id: String, on sql: any SQLDatabase) async throws -> InvitationRow? {
        try await sql.select().columns(InvitationRow.columns).from("game_invitations").where("id", .equal, id).first()
            .map(InvitationRow.init(row:))
    }

    /// Sets the invitation's status if it is one of `allowed`; false when it is not (or is gone).
    /// One conditional statement, so two racing changes cannot both succeed.
    static func change(
        _ id: String, to status: InvitationRow.Status, from allowed: [InvitationRow.Status], on sql: any SQLDatabase
    ) async throws -> Bool {
        try await sql.raw("""
            UPDATE game_invitations SET status = \(bind: status.rawValue)
            WHERE id = \(bind: id) AND status IN (\(binds: allowed.map(\.rawValue))) RETURNING id
            """).first() != nil
    }
}
