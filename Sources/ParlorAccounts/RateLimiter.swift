import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Sliding-window limits in the database, so that every node enforces one shared limit: a rule
/// of N per W allows an attempt only while fewer than N allowed attempts fall in the W before it,
/// however the attempts line up with the clock. Refused attempts are not counted, so hammering a
/// limited bucket does not push its release further away.
struct RateLimiter: Sendable {
    let database: Database
    let now: @Sendable () -> Date

    /// Counts one attempt against `bucket`; throws 429 with `Retry-After` once the rule's limit is reached.
    func hit(_ bucket: String, _ rule: RateLimitPolicy.Rule) async throws {
        guard rule.limit < .max, rule.limit > 0 else { return }
        let current = now().millis
        let window = max(rule.window.milliseconds, 1)
        let oldestCounted: Int64? = try await database.transaction { sql in
            // Upserting the bucket's row locks it (on PostgreSQL) until the transaction ends, so
            // concurrent attempts on one bucket count one after another; SQLite has one writer anyway.
            try await sql.raw("""
                INSERT INTO rate_limit_buckets (bucket, touched_at) VALUES (\(bind: bucket), \(bind: current))
                ON CONFLICT (bucket) DO UPDATE SET touched_at = excluded.touched_at
                """).run()
            try await sql.delete(from: "rate_limit_hits").where("bucket", .equal, bucket).where("at", .lessThanOrEqual, current - window).run()
            let recent = try await sql.select().column("at").from("rate_limit_hits").where("bucket", .equal, bucket)
                .orderBy("at").limit(rule.limit).all().map { try $0.decode(column: "at", as: Int64.self) }
            guard recent.count < rule.limit else { return recent.first }
            try await sql.insert(into: "rate_limit_hits").columns("bucket", "at").values(SQLBind(bucket), SQLBind(current)).run()
            return nil
        }
        if let oldestCounted {
            // Free again when the oldest counted attempt leaves the window.
            let retryAfter = Int((oldestCounted + window - current + 999) / 1000)
            throw APIError.rateLimited(retryAfter: max(retryAfter, 1))
        }
    }
}

extension AccountService {
    /// Counts one attempt of another capability's against `bucket` under `rule`, with the same
    /// shared sliding window sign-in uses; throws 429 with `Retry-After` past the limit.
    package func limit(_ bucket: String, _ rule: RateLimitPolicy.Rule) async throws {
        try await limiter.hit(bucket, rule)
    }
}
