import Foundation
import Logging
import ParlorDatabase
import ParlorHTTP
import ServiceLifecycle
import SQLKit

/// Deletes what has stopped mattering: used or expired codes, ended sessions, rate-limit attempts a day old.
///
/// Runs hourly on every node; the deletes are idempotent, so nodes sweeping at once do no harm.
package struct AccountsHousekeeping: Service {
    let database: Database
    let now: @Sendable () -> Date
    var interval: Duration = .seconds(3600)

    package init(database: Database, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }
    /// Ended sessions are kept this long, so a replayed refresh token is still recognised as reuse.
    static let endedSessionRetention: Int64 = 30 * 24 * 3600 * 1000

    package func run() async throws {
        while !Task.isCancelledOrShuttingDown {
            do {
                try await sweep()
            } catch {
                database.logger.warning("accounts housekeeping failed", metadata: ["error": "\(error)"])
            }
            // Graceful shutdown does not cancel a service; it must stop waiting by itself.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// One pass; returns how many rows went.
    @discardableResult
    func sweep() async throws -> Int {
        let current = now().millis
        let dayAgo = current - 24 * 3600 * 1000
        let retention = current - Self.endedSessionRetention
        return try await database.withConnection { sql in
            var removed = 0
            removed += try await sql.delete(from: "sso_codes").where("expires_at", .lessThan, dayAgo).returning("code_hash").all().count
            removed += try await sql.delete(from: "password_resets").where("expires_at", .lessThan, dayAgo).returning("token_hash").all().count
            removed += try await sql.delete(from: "email_codes").where("expires_at", .lessThan, dayAgo).returning("user_id").all().count
            removed += try await sql.delete(from: "rate_limit_hits").where("at", .lessThan, dayAgo).returning("bucket").all().count
            removed += try await sql.delete(from: "rate_limit_buckets").where("touched_at", .lessThan, dayAgo).returning("bucket").all().count
            removed += try await sql.delete(from: "auth_sessions")
                .where { $0.where("expires_at", .lessThan, retention).orWhere("revoked_at", .lessThan, retention) }
                .returning("id").all().count
            return removed
        }
    }
}

extension Task where Success == Never, Failure == Never {
    fileprivate static var isCancelledOrShuttingDown: Bool { isCancelled || isShuttingDownGracefully }
}
