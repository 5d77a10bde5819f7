import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Fixed-window counters in the database, so that every node enforces one shared limit.
struct RateLimiter: Sendable {
    let database: Database
    let now: @Sendable () -> Date

    /// Counts one attempt against `bucket`; throws 429 with `Retry-After` once the rule's limit is passed.
    func hit(_ bucket: String, _ rule: RateLimitPolicy.Rule) async throws {
        guard rule.limit < .max else { return }
        let current = now().millis
        let window = max(rule.window.milliseconds, 1)
        let start = current - current % window
        // One statement on both databases: a new window resets the count, the same window adds one.
        let row = try await database.withConnection { sql in
            try await sql.raw("""
                INSERT INTO rate_limits (bucket, window_start, hits) VALUES (\(bind: bucket), \(bind: start), 1)
                ON CONFLICT (bucket) DO UPDATE SET
                  hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
                  window_start = excluded.window_start
                RETURNING hits
                """).first()
        }
        let hits = try row?.decode(column: "hits", as: Int64.self) ?? 1
        if hits > rule.limit {
            let retryAfter = Int((start + window - current + 999) / 1000)
            throw APIError.rateLimited(retryAfter: max(retryAfter, 1))
        }
    }
}
