import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// Who is online: each node's count of a user's real-time connections, swept with the node.
    package static let userSockets = Migration(11, "count each user's real-time connections per node") { sql, _ in
        try await sql.create(table: "user_sockets")
            .column("user_id", type: .text, .notNull)
            .column("node", type: .text, .notNull)
            .column("sockets", type: .int, .notNull)
            .primaryKey("user_id", "node")
            .run()
        try await sql.create(index: "user_sockets_node").on("user_sockets").column("node").run()
    }
}
