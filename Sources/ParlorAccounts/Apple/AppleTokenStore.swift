import Foundation
import Logging
import ParlorDatabase
import SQLKit

/// SQL for stored Apple refresh tokens and their revocation outbox (migration 21).
///
/// Tokens are sealed with the key-encryption keys, bound to their row (the identity and client id,
/// or the revocation's id), so a database copy holds no usable token and a sealed value moved to
/// another row does not open.
enum AppleTokenStore {
    /// A revocation claimed by this node until its lease ends.
    struct Claimed: Sendable {
        var id: String
        var clientID: String
        var sealedToken: String
        /// Including this try.
        var attempts: Int
    }

    static func tokenContext(subject: String, clientID: String) -> String { "apple-refresh:\(clientID):\(subject)" }
    static func revocationContext(id: String) -> String { "apple-revocation:\(id)" }

    /// Keeps `refreshToken` for the Apple identity `subject` in app `clientID`, replacing an older one.
    static func keep(
        _ refreshToken: String, subject: String, clientID: String, userID: String, keys: KeyEncryptionKeys, at time: Int64, on sql: any SQLDatabase
    ) async throws {
        let sealed = try keys.seal(refreshToken, context: tokenContext(subject: subject, clientID: clientID))
        try await sql.delete(from: "apple_tokens").where("subject", .equal, subject).where("client_id", .equal, clientID).run()
        try await sql.insert(into: "apple_tokens").columns("subject", "client_id", "user_id", "refresh_token", "created_at")
            .values(SQLBind(subject), SQLBind(clientID), SQLBind(userID), SQLBind(sealed), SQLBind(time)).run()
    }

    /// Moves every token of `userID` to the outbox, due now, inside the deletion's transaction.
    /// A token that no longer opens (its key-encryption key was dropped) cannot be revoked by us:
    /// it is logged and dropped rather than blocking the deletion.
    static func queueRevocations(of userID: String, keys: KeyEncryptionKeys, at time: Int64, logger: Logger, on sql: any SQLDatabase) async throws {
        let rows = try await sql.select().columns("subject", "client_id", "refresh_token").from("apple_tokens")
            .where("user_id", .equal, userID).all()
        for row in rows {
            let subject = try row.decode(column: "subject", as: String.self)
            let clientID = try row.decode(column: "client_id", as: String.self)
            let stored = try row.decode(column: "refresh_token", as: String.self)
            let token: String
            do {
                token = try keys.open(stored, context: tokenContext(subject: subject, clientID: clientID)).plaintext
            } catch {
                logger.warning("an Apple refresh token does not open; it cannot be revoked", metadata: ["error": "\(error)"])
                continue
            }
            let id = UUID().uuidString.lowercased()
            try await sql.insert(into: "apple_token_revocations").columns("id", "client_id", "refresh_token", "attempts", "due_at", "created_at")
                .values(
                    SQLBind(id), SQLBind(clientID), SQLBind(try keys.seal(token, context: revocationContext(id: id))), SQLBind(0), SQLBind(time),
                    SQLBind(time)
                ).run()
        }
        try await sql.delete(from: "apple_tokens").where("user_id", .equal, userID).run()
    }

    static let queue = LeasedQueue(table: "apple_token_revocations", keepsFinished: false)

    /// Whether any revocation is due: a plain read, so an idle tick takes no write lock.
    static func anyDue(at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await queue.anyDue(at: time, on: sql)
    }

    /// Claims up to `limit` due revocations until `leaseEnd`; other nodes skip them until then and
    /// take them over if this one dies first.
    static func claim(limit: Int, at time: Int64, leaseEnd: Int64, on sql: any SQLDatabase) async throws -> [Claimed] {
        let rows = try await queue.claim(
            limit: limit, at: time, leaseEnd: leaseEnd, returning: ["id", "client_id", "refresh_token", "attempts"], on: sql)
        return try rows.map { row in
            Claimed(
                id: try row.decode(column: "id", as: String.self), clientID: try row.decode(column: "client_id", as: String.self),
                sealedToken: try row.decode(column: "refresh_token", as: String.self), attempts: try row.decode(column: "attempts", as: Int.self))
        }
    }

    /// Revoked, or given up: the row goes, and the token with it.
    static func finish(_ id: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "apple_token_revocations").where("id", .equal, id).run()
    }

    static func retry(_ id: String, at due: Int64, on sql: any SQLDatabase) async throws {
        try await queue.reschedule(id, due: due, on: sql)
    }
}
