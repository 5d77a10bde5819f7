import Foundation
import ParlorHTTP
import SQLKit

/// A user's suspension as stored: until when (nil for a ban), why and by whom.
package struct Suspension: Sendable, Equatable {
    package var userID: String
    /// Milliseconds; nil is a ban.
    package var until: Int64?
    package var reason: String
    package var actor: String
    package var createdAt: Int64

    /// Whether it still holds at `now`: a ban always does.
    package func holds(at now: Int64) -> Bool { until.map { $0 > now } ?? true }
}

/// SQL over `user_suspensions`.
enum SuspensionStore {
    /// The user's suspension when it holds at `now`.
    static func active(of userID: String, at now: Int64, on sql: any SQLDatabase) async throws -> Suspension? {
        guard let row = try await sql.select().columns("user_id", "until_at", "reason", "actor_id", "created_at").from("user_suspensions")
            .where("user_id", .equal, userID).first()
        else { return nil }
        let suspension = Suspension(
            userID: try row.decode(column: "user_id", as: String.self), until: try row.decode(column: "until_at", as: Int64?.self),
            reason: try row.decode(column: "reason", as: String.self), actor: try row.decode(column: "actor_id", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self))
        return suspension.holds(at: now) ? suspension : nil
    }

    /// The suspensions holding at `now` of those of `userIDs` who have one (a page of a search).
    static func active(of userIDs: [String], at now: Int64, on sql: any SQLDatabase) async throws -> [String: Suspension] {
        guard !userIDs.isEmpty else { return [:] }
        let rows = try await sql.select().columns("user_id", "until_at", "reason", "actor_id", "created_at").from("user_suspensions")
            .where("user_id", .in, userIDs).all()
        var found: [String: Suspension] = [:]
        for row in rows {
            let suspension = Suspension(
                userID: try row.decode(column: "user_id", as: String.self), until: try row.decode(column: "until_at", as: Int64?.self),
                reason: try row.decode(column: "reason", as: String.self), actor: try row.decode(column: "actor_id", as: String.self),
                createdAt: try row.decode(column: "created_at", as: Int64.self))
            if suspension.holds(at: now) { found[suspension.userID] = suspension }
        }
        return found
    }

    /// The end of the suspension of the user whose session `refreshHash` belongs to, when one
    /// holds at `now`: `.some(nil)` is a ban, nil no suspension (or no such token).
    static func active(ofRefreshToken refreshHash: String, at now: Int64, on sql: any SQLDatabase) async throws -> Int64?? {
        guard let row = try await sql.raw("""
                SELECT s.until_at FROM refresh_tokens AS t INNER JOIN auth_sessions AS a ON a.id = t.session_id
                INNER JOIN user_suspensions AS s ON s.user_id = a.user_id
                WHERE t.token_hash = \(bind: refreshHash) AND (s.until_at IS NULL OR s.until_at > \(bind: now))
                """).first()
        else { return nil }
        return .some(try row.decode(column: "until_at", as: Int64?.self))
    }

    /// Suspends (or suspends again, replacing the earlier terms).
    static func put(_ suspension: Suspension, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "user_suspensions").where("user_id", .equal, suspension.userID).run()
        try await sql.insert(into: "user_suspensions").columns("user_id", "until_at", "reason", "actor_id", "created_at")
            .values(
                SQLBind(suspension.userID), SQLBind(suspension.until), SQLBind(suspension.reason), SQLBind(suspension.actor),
                SQLBind(suspension.createdAt))
            .run()
    }

    /// Lifts the user's suspension; false when none held at `now` (an ended one is removed too).
    static func lift(_ userID: String, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        let held = try await active(of: userID, at: now, on: sql) != nil
        try await sql.delete(from: "user_suspensions").where("user_id", .equal, userID).run()
        return held
    }
}

extension AccountService {
    /// Refuses a sign-in to a suspended account, inside the sign-in's transaction.
    func ensureNotSuspended(_ userID: String, on sql: any SQLDatabase) async throws {
        if let suspension = try await SuspensionStore.active(of: userID, at: now().millis, on: sql) {
            throw APIError.accountSuspended(until: suspension.until)
        }
    }
}
