import Foundation
import Logging
import ParlorDatabase
import SQLKit
import TestSupport

/// Databases already brought up to a list of migrations, made once per test process and copied
/// for each test that wants one: PostgreSQL's `CREATE DATABASE … TEMPLATE`, a file copy for SQLite.
///
/// Running every migration for each of the suite's hundreds of databases was most of the database
/// work of a test run; on a loaded two-core machine one run took over a minute and tests timed out
/// behind it. A copy is what the migrations would have made, and tests of the migrations
/// themselves still start from an empty database (`withFreshLocation`).
actor MigratedTemplates {
    static let shared = MigratedTemplates()

    private var made: [String: Task<String, any Error>] = [:]

    /// The name of a PostgreSQL template database, or the path of a SQLite file, holding
    /// `migrations`; made on first use.
    func template(_ kind: TestDatabaseKind, migrations: [Migration]) async throws -> String {
        let key = "\(kind)-" + migrations.map { String($0.version) }.joined(separator: "-")
        if let task = made[key] { return try await task.value }
        let task = Task { try await Self.make(kind, migrations: migrations, key: key) }
        made[key] = task
        return try await task.value
    }

    private static func make(_ kind: TestDatabaseKind, migrations: [Migration], key: String) async throws -> String {
        switch kind {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-templates-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("\(key).sqlite").path
            _ = try await Database.withOpened(.sqlite(path: path), logger: .quiet) { database in
                try await Migrator(migrations: migrations).migrate(database)
            }
            return path
        case .postgres:
            let name = "parlor_template_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try TestDatabaseKind.postgresAdmin()
            try await TestDatabaseKind.adminExecute(admin, "CREATE DATABASE \(name)")
            guard case .postgres(var target) = admin else { throw TestSetupError("PARLOR_TEST_POSTGRES_URL is not a postgres:// URL") }
            target.database = name
            _ = try await Database.withOpened(.postgres(target), logger: .quiet) { database in
                try await Migrator(migrations: migrations).migrate(database)
            }
            return name
        }
    }
}

extension TestDatabaseKind {
    /// A fresh database of this kind already at `migrations`, removed afterwards.
    public func withFreshLocation<Result: Sendable>(
        migratedTo migrations: [Migration], _ body: (DatabaseLocation) async throws -> Result
    ) async throws -> Result {
        guard !migrations.isEmpty else { return try await withFreshLocation(body) }
        let template = try await MigratedTemplates.shared.template(self, migrations: migrations)
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { directory in
                let path = directory.appendingPathComponent("parlor.sqlite").path
                try FileManager.default.copyItem(atPath: template, toPath: path)
                if FileManager.default.fileExists(atPath: template + "-wal") {
                    try FileManager.default.copyItem(atPath: template + "-wal", toPath: path + "-wal")
                }
                return try await body(.sqlite(path: path))
            }
        case .postgres:
            return try await withFreshPostgres(template: template, body)
        }
    }
}
