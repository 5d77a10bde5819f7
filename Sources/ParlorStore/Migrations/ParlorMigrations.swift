import Foundation
import SQLKit

/// Every migration Parlor knows, in version order. Capabilities append theirs here.
public enum ParlorMigrations {
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
        AccountsMigrations.accounts,
        AccountsMigrations.miniApps,
    ]
}
