import DurableFiles
import Foundation
import StatsSync

/// Moves a device from legacy absolute figures (schema 1) to the event log (schema 2), safely:
///
/// 1. the legacy figures and every file already in the store directory are copied to a backup;
/// 2. synthetic events reproducing the figures are appended to the store (idempotent by id, so a
///    migration interrupted here simply runs again);
/// 3. `migration.json` is written last, atomically: it is the commit point and records the schema
///    version and the backup.
///
/// `rollback()` restores the directory from the backup and hands back the legacy figures.
/// Both run while the store is closed.
public struct StatsMigration: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    public struct Record: Codable, Hashable, Sendable {
        public var schemaVersion: Int
        public var migratedAt: Int64
        public var backup: String
        public var legacy: LegacyStats
        public var adjustments: [String]
        public var syntheticEvents: Int

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version", migratedAt = "migrated_at", backup, legacy, adjustments
            case syntheticEvents = "synthetic_events"
        }
    }

    public enum Failure: Error, Hashable, Sendable {
        case invalidLegacy(String)
        case notMigrated
        case backupMissing(String)
        case fileSystem(String)
    }

    /// The schema version the directory is at: 1 until a migration has committed.
    public func schemaVersion() throws -> Int {
        try record()?.schemaVersion ?? 1
    }

    public func record() throws -> Record? {
        guard let data = try? Data(contentsOf: markerURL) else { return nil }
        do {
            return try JSONDecoder().decode(Record.self, from: data)
        } catch {
            throw Failure.fileSystem("migration.json is unreadable: \(error)")
        }
    }

    /// Migrates once; a second call returns the first record. `append` writes events to the store
    /// (typically `LocalStatsStore.append`) and is only called after the backup exists.
    public func migrate(
        _ legacy: LegacyStats, today: PuzzleDate, now: Int64,
        append: ([StatsEvent]) async throws -> Void
    ) async throws -> Record {
        if let done = try record() { return done }
        let conversion: LegacyConversion.Result
        do {
            conversion = try LegacyConversion.convert(legacy, today: today)
        } catch {
            throw Failure.invalidLegacy("\(error)")
        }
        let backupName = "backups/v1-\(now)"
        try backUp(legacy, into: directory.appendingPathComponent(backupName))
        try await append(conversion.events)
        let record = Record(
            schemaVersion: StatsSyncSchema.version, migratedAt: now, backup: backupName, legacy: legacy,
            adjustments: conversion.adjustments, syntheticEvents: conversion.events.count)
        try write(JSONEncoder().encode(record), to: markerURL)
        return record
    }

    /// Puts the directory back as it was before the migration and returns the legacy figures.
    @discardableResult
    public func rollback() throws -> LegacyStats {
        guard let record = try record() else { throw Failure.notMigrated }
        let backup = directory.appendingPathComponent(record.backup)
        let files = backup.appendingPathComponent("store")
        guard FileManager.default.fileExists(atPath: files.path) else { throw Failure.backupMissing(record.backup) }
        do {
            for name in try storeEntries(in: directory) {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: files.path) {
                try FileManager.default.copyItem(
                    at: files.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
        } catch {
            throw Failure.fileSystem("restoring \(record.backup): \(error)")
        }
        return record.legacy
    }

    private var markerURL: URL { directory.appendingPathComponent("migration.json") }

    /// Everything in the directory except the backups themselves.
    private func storeEntries(in directory: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "backups" }
    }

    private func backUp(_ legacy: LegacyStats, into backup: URL) throws {
        do {
            let files = backup.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            for name in try storeEntries(in: directory) {
                let target = files.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
                try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: target)
            }
            try write(JSONEncoder().encode(legacy), to: backup.appendingPathComponent("legacy.json"))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.fileSystem("backing up to \(backup.path): \(error)")
        }
    }

    /// Flushed and renamed into place: `migration.json` is the commit point, so it must never be torn.
    private func write(_ data: Data, to url: URL) throws {
        do throws(DurableFileError) {
            try DurableFile.replace(url, with: data, through: url.appendingPathExtension("\(UUID().uuidString).tmp"))
        } catch {
            throw Failure.fileSystem("writing \(url.lastPathComponent): \(error.operation) failed: \(error.reason)")
        }
    }
}
