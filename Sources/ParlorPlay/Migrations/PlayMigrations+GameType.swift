import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// A game's kind is its `game_type` everywhere, as on the wire: `game_id` read as one game's id
    /// beside `/games/{gameID}`, which is one game. Both databases rename in place (SQLite since
    /// 3.25) and carry the indexes and the primary key over to the new name.
    package static let gameType = Migration(19, "name a game's kind game_type in games, ratings and the quick-match queue") { sql, _ in
        for table in ["games", "player_ratings", "quick_match_queue"] {
            try await sql.raw("ALTER TABLE \(ident: table) RENAME COLUMN game_id TO game_type").run()
        }
    }
}
