import ParlorDatabase
import SQLKit

/// Friendships, blocks, leaderboard entries with their score histogram, achievement progress,
/// and which results were recorded. Times are milliseconds since 1970.
package enum SocialMigrations {
    package static let social = Migration(13, "create friendships, blocks, leaderboards and achievements") { sql, _ in
        // A request is one row, asker to asked, `pending`; a friendship is two `accepted` rows,
        // one each way, so a user's friends are one index range.
        try await sql.create(table: "friendships")
            .column("user_id", type: .text, .notNull)
            .column("friend_id", type: .text, .notNull)
            .column("status", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .primaryKey("user_id", "friend_id")
            .run()
        try await sql.create(index: "friendships_friend").on("friendships").column("friend_id").column("status").run()
        try await sql.create(table: "user_blocks")
            .column("blocker_id", type: .text, .notNull)
            .column("blocked_id", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .primaryKey("blocker_id", "blocked_id")
            .run()
        try await sql.create(index: "user_blocks_blocked").on("user_blocks").column("blocked_id").run()
        // One row per board, period key and player; ranks are never stored (they would be stale
        // the moment anyone else scored), but read from the histogram below.
        try await sql.create(table: "leaderboard_entries")
            .column("board", type: .text, .notNull)
            .column("period", type: .text, .notNull)
            .column("user_id", type: .text, .notNull)
            .column("score", type: .bigint, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .primaryKey("board", "period", "user_id")
            .run()
        try await sql.create(index: "leaderboard_entries_rank").on("leaderboard_entries")
            .column("board").column("period").column("score").column("user_id").run()
        try await sql.create(index: "leaderboard_entries_user").on("leaderboard_entries").column("user_id").run()
        // How many entries hold each score: a rank is 1 + the entries of better scores, a sum over
        // distinct scores instead of a count over entries.
        try await sql.create(table: "leaderboard_counts")
            .column("board", type: .text, .notNull)
            .column("period", type: .text, .notNull)
            .column("score", type: .bigint, .notNull)
            .column("entries", type: .bigint, .notNull)
            .primaryKey("board", "period", "score")
            .run()
        // The same counts per 1,024 consecutive scores (`score >> 10`): a rank sums the buckets
        // above its own and the scores above it within its bucket, whatever the spread of scores.
        try await sql.create(table: "leaderboard_buckets")
            .column("board", type: .text, .notNull)
            .column("period", type: .text, .notNull)
            .column("bucket", type: .bigint, .notNull)
            .column("entries", type: .bigint, .notNull)
            .primaryKey("board", "period", "bucket")
            .run()
        try await sql.create(table: "achievement_progress")
            .column("user_id", type: .text, .notNull)
            .column("game", type: .text, .notNull)
            .column("achievement", type: .text, .notNull)
            .column("value", type: .bigint, .notNull)
            .column("unlocked_at", type: .bigint)
            .column("updated_at", type: .bigint, .notNull)
            .primaryKey("user_id", "game", "achievement")
            .run()
        // A result counted for a user (a finished game): recording it again changes nothing.
        try await sql.create(table: "social_recorded")
            .column("source", type: .text, .notNull)
            .column("user_id", type: .text, .notNull)
            .column("recorded_at", type: .bigint, .notNull)
            .primaryKey("source", "user_id")
            .run()
        try await sql.create(index: "social_recorded_user").on("social_recorded").column("user_id").run()
    }
}
