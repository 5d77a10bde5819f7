import SQLKit

/// Reads the `parlor_settings` key-value table that migration 1 creates.
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
