import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// Every node sweeps waiting games older than `waiting_game_expiry` (``WaitingGameExpiry``):
    /// this index finds them without reading the games being played. Neither column changes on a
    /// move, so moves still update a game's row in place (see ``turnWake``).
    package static let waitingExpiry = Migration(25, "find waiting games to expire by their creation time") { sql, _ in
        try await sql.create(index: "games_status_created").on("games").column("status").column("created_at").run()
    }
}
