import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// The turn timer finds due games through `wake_at`, a lower bound of `deadline_at` that a
    /// move only lowers, instead of through `deadline_at`, which every move pushes later. With no
    /// indexed column changing, PostgreSQL updates a game's row in place on a move (a HOT update):
    /// no new entry in each of the table's four indexes and no dead row version for them. The
    /// timer moves a stale `wake_at` up to the deadline when it reaches it, about once a turn.
    package static let turnWake = Migration(16, "find due turn timers by a wake-up time that moves leave alone") { sql, _ in
        try await sql.alter(table: "games").column("wake_at", type: .bigint).run()
        try await sql.raw("UPDATE games SET wake_at = deadline_at").run()
        try await sql.drop(index: "games_deadline").run()
        try await sql.create(index: "games_wake").on("games").column("status").column("wake_at").run()
    }
}
