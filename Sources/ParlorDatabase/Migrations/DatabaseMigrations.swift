import Foundation
import SQLKit

/// The database layer's own schema (`parlor_settings`): what every installation has before any
/// capability adds its tables.
public enum DatabaseMigrations {
    public static let all: [Migration] = [
        Migration(1, "create parlor_settings") { sql, _ in
            try await sql.create(table: "parlor_settings")
                .column("key", type: .text, .primaryKey(autoIncrement: false))
                .column("value", type: .text, .notNull)
                .run()
            // Identifies the database itself, so that nodes and operators can tell which one they share.
            try await sql.insert(into: "parlor_settings")
                .columns("key", "value")
                .values(SQLBind("installation_id"), SQLBind(UUID().uuidString.lowercased()))
                .run()
        },
    ]
}
