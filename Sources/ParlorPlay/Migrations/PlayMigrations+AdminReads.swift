import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// Staff list every game newest first, with or without a type: an index on the creation time
    /// keeps that a range read instead of a sort of the whole table.
    package static let adminReads = Migration(29, "index games by creation for staff's lists") { sql, _ in
        try await sql.create(index: "games_created").on("games").column("created_at").column("id").run()
    }
}
