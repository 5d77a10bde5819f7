import ParlorDatabase
import SQLKit

/// Online play: games, seats, the append-only move log, ratings, invitations and the quick-match
/// queue. Times are milliseconds since 1970, as everywhere in Parlor's schema.
package enum PlayMigrations {
    package static let play = Migration(5, "create games, seats, moves, ratings, invitations and the quick-match queue") { sql, _ in
        // One row per online game. `seq` counts applied moves and is the game's version: a move
        // is stored only by the writer that moves it from n to n + 1 (optimistic concurrency).
        // `deadline_at` is the turn timer, claimed by whichever node's scheduler sees it first.
        try await sql.create(table: "games")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("game_id", type: .text, .notNull)
            .column("engine_version", type: .int, .notNull)
            .column("mode", type: .text, .notNull)
            .column("status", type: .text, .notNull)
            .column("players", type: .int, .notNull)
            .column("invite_code", type: .text)
            .column("settings", type: .text, .notNull)
            .column("seed", type: .text, .notNull)
            .column("seq", type: .bigint, .notNull)
            .column("turn_seconds", type: .int, .notNull)
            .column("grace_seconds", type: .int, .notNull)
            .column("timeout_policy", type: .text, .notNull)
            .column("deadline_at", type: .bigint)
            .column("created_by", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("created_at", type: .bigint, .notNull)
            .column("started_at", type: .bigint)
            .column("last_move_at", type: .bigint)
            .column("ended_at", type: .bigint)
            .column("winners", type: .text)
            .column("win_type", type: .text)
            .column("rematch_of", type: .text)
            .run()
        try await sql.create(index: "games_invite_code").unique().on("games").column("invite_code").run()
        try await sql.create(index: "games_rematch_of").unique().on("games").column("rematch_of").run()
        try await sql.create(index: "games_deadline").on("games").column("status").column("deadline_at").run()

        // Who sits at a game. `seat` is dealt when the game starts; `connections` counts the
        // player's subscribed sockets, and `away_since` starts their grace period.
        try await sql.create(table: "game_players")
            .column("game", type: .text, .notNull, .references("games", "id", onDelete: .cascade))
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("joined", type: .int, .notNull)
            .column("seat", type: .int)
            .column("name", type: .text, .notNull)
            .column("connections", type: .int, .notNull)
            .column("away_since", type: .bigint)
            .column("resigned", type: .int, .notNull)
            .column("rating_before", type: .int)
            .column("rating_after", type: .int)
            .primaryKey("game", "user_id")
            .run()
        try await sql.create(index: "game_players_user").on("game_players").column("user_id").run()

        // The append-only move log: replaying `action` rows reproduces the game. A client's move id
        // is unique per game and seat, so a retried move is found instead of applied twice.
        try await sql.create(table: "game_moves")
            .column("game", type: .text, .notNull, .references("games", "id", onDelete: .cascade))
            .column("seq", type: .bigint, .notNull)
            .column("seat", type: .int, .notNull)
            .column("kind", type: .text, .notNull)
            .column("action", type: .text)
            .column("move_id", type: .text)
            .column("at", type: .bigint, .notNull)
            .primaryKey("game", "seq")
            .run()
        try await sql.create(index: "game_moves_move_id").unique().on("game_moves").column("game").column("seat").column("move_id").run()

        try await sql.create(table: "player_ratings")
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("game_id", type: .text, .notNull)
            .column("rating", type: .int, .notNull)
            .column("games", type: .int, .notNull)
            .column("wins", type: .int, .notNull)
            .column("losses", type: .int, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .primaryKey("user_id", "game_id")
            .run()

        try await sql.create(table: "game_invitations")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("game", type: .text, .notNull, .references("games", "id", onDelete: .cascade))
            .column("from_user", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("to_user", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("status", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .unique("game", "to_user")
            .run()
        try await sql.create(index: "game_invitations_to").on("game_invitations").column("to_user").column("status").run()

        // One entry per waiting (or just matched) user; `matched_game` is set when paired.
        try await sql.create(table: "quick_match_queue")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false), .references("users", "id", onDelete: .cascade))
            .column("game_id", type: .text, .notNull)
            .column("players", type: .int, .notNull)
            .column("mode", type: .text, .notNull)
            .column("rating", type: .int, .notNull)
            .column("enqueued_at", type: .bigint, .notNull)
            .column("matched_game", type: .text)
            .run()
        try await sql.create(index: "quick_match_waiting").on("quick_match_queue").column("game_id").column("players").column("mode").column("matched_game").run()
    }

    /// Earlier versions claimed a quick-match group (`pending:…`) before creating its game, in a
    /// separate transaction; a node that stopped in between left its players matched to nothing,
    /// unable to wait again. Pairing is one transaction now; such leftovers go back to waiting.
    package static let releaseStrandedClaims = Migration(6, "release quick-match claims stranded by a stopped node") { sql, _ in
        try await sql.raw("UPDATE quick_match_queue SET matched_game = NULL WHERE matched_game LIKE 'pending:%'").run()
    }

    /// Which node holds which players' connections, so that when a node stops without saying
    /// goodbye (killed, crashed, cut off) the others can take its connections away: each node
    /// refreshes its `parlor_nodes` row, and one that has gone quiet is swept by the others.
    /// `game_players.connections` stays the total over nodes, which is what readers use.
    package static let nodePresence = Migration(7, "track which node holds each connection, so a stopped node's are swept") { sql, _ in
        try await sql.create(table: "parlor_nodes")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("started_at", type: .bigint, .notNull)
            .column("seen_at", type: .bigint, .notNull)
            .run()
        try await sql.create(table: "game_connections")
            .column("game", type: .text, .notNull, .references("games", "id", onDelete: .cascade))
            .column("user_id", type: .text, .notNull)
            .column("node", type: .text, .notNull)
            .column("connections", type: .int, .notNull)
            .primaryKey("game", "user_id", "node")
            .run()
        try await sql.create(index: "game_connections_node").on("game_connections").column("node").run()
        // Counts from before nodes were tracked could never be swept. The nodes restart to apply
        // this, so their clients reconnect and are counted again.
        try await sql.raw("UPDATE game_players SET connections = 0 WHERE connections > 0").run()
    }
}

