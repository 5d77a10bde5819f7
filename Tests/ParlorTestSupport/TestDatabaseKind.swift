import Foundation
import Logging
import ParlorDatabase
import SQLKit
import TestSupport

/// The databases a storage test runs against: SQLite always, PostgreSQL whenever
/// `PARLOR_TEST_POSTGRES_URL` names a server (an admin URL; each test gets a database of its own).
///
/// With `PARLOR_TEST_REQUIRE_POSTGRES=1` (as CI sets) a missing URL fails the PostgreSQL cases
/// instead of leaving them out, and each PostgreSQL run is logged to `PARLOR_TEST_POSTGRES_LOG`
/// so that CI can prove that half of the suite ran.
public enum TestDatabaseKind: String, Sendable, CustomStringConvertible {
    case sqlite, postgres

    public var description: String { rawValue }

    public static var available: [TestDatabaseKind] {
        let environment = ProcessInfo.processInfo.environment
        let wantsPostgres = environment["PARLOR_TEST_POSTGRES_URL"] != nil || environment["PARLOR_TEST_REQUIRE_POSTGRES"] == "1"
        return wantsPostgres ? [.sqlite, .postgres] : [.sqlite]
    }

    /// A fresh, empty database of this kind for the duration of `body`, removed afterwards.
    public func withFreshLocation<Result: Sendable>(
        _ body: (DatabaseLocation) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { directory in
                try await body(.sqlite(path: directory.appendingPathComponent("parlor.sqlite").path))
            }
        case .postgres:
            return try await withFreshPostgres(template: nil, body)
        }
    }

    /// A new PostgreSQL database, empty or a copy of `template`, dropped afterwards.
    func withFreshPostgres<Result: Sendable>(template: String?, _ body: (DatabaseLocation) async throws -> Result) async throws -> Result {
        let admin = try Self.postgresAdmin()
        guard case .postgres(var target) = admin else { throw TestSetupError("PARLOR_TEST_POSTGRES_URL is not a postgres:// URL") }
        let name = "parlor_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await Self.createDatabase(name, template: template, admin: admin)
        Self.recordPostgresRun(name)
        target.database = name
        do {
            let result = try await body(.postgres(target))
            try await Self.adminExecute(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            return result
        } catch {
            try? await Self.adminExecute(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
    }

    /// A fresh database of this kind, opened (and brought up to `migrations`) for the duration of `body`.
    public func withDatabase<Result: Sendable>(
        migrations: [Migration] = [],
        _ body: (Database) async throws -> Result
    ) async throws -> Result {
        try await withFreshLocation(migratedTo: migrations) { location in
            try await Database.withOpened(location, logger: .quiet) { database in try await body(database) }
        }
    }

    static func postgresAdmin() throws -> DatabaseLocation {
        guard let url = ProcessInfo.processInfo.environment["PARLOR_TEST_POSTGRES_URL"] else {
            throw TestSetupError("PARLOR_TEST_REQUIRE_POSTGRES is set but PARLOR_TEST_POSTGRES_URL is not")
        }
        return try DatabaseLocation(url: url)
    }

    /// Creates `name`; a copy of `template` waits out the last connection of whoever made the
    /// template, which PostgreSQL may still be closing.
    private static func createDatabase(_ name: String, template: String?, admin: DatabaseLocation) async throws {
        guard let template else { return try await adminExecute(admin, "CREATE DATABASE \(name)") }
        var attempt = 0
        while true {
            do {
                return try await adminExecute(admin, "CREATE DATABASE \(name) TEMPLATE \(template)")
            } catch where attempt < 50 && String(reflecting: error).contains("being accessed by other users") {
                attempt += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    static func adminExecute(_ admin: DatabaseLocation, _ statement: String) async throws {
        try await Database.withOpened(admin, logger: .quiet) { database in
            try await database.withConnection { sql in try await sql.raw(SQLQueryString(stringLiteral: statement)).run() }
        }
    }

    private static func recordPostgresRun(_ database: String) {
        guard let path = ProcessInfo.processInfo.environment["PARLOR_TEST_POSTGRES_LOG"] else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array("\(database)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
