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
        }
    ]
}

/// Reads and writes the `parlor_settings` key-value table.
public struct SettingsRepository: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func value(for key: String) async throws -> String? {
        try await database.withConnection { sql in
            try await sql.select().column("value").from("parlor_settings").where("key", .equal, key)
                .first()?.decode(column: "value", as: String.self)
        }
    }

    public func installationID() async throws -> String? {
        try await value(for: "installation_id")
    }
}
