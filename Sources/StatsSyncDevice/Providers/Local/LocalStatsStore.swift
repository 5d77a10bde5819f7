import Foundation
import StatsSync

/// The device's own replica: every event it holds, in an append-only log file, plus a small
/// metadata file (device id, hybrid clock, provider cursors, last sync). It is the replica the
/// sync manager merges into, and also a `StatsProvider` ("local").
///
/// The log is crash-safe without a journal: records carry a length and a CRC-32 (see
/// `LogRecordFormat`), a batch is written with one write and flushed, and opening the store cuts
/// off a torn tail before anything new is appended. A process killed mid-write loses at most the
/// batch being written; a record damaged in the middle of the file is skipped and reported in
/// `recovery`. The metadata is replaced atomically (temporary file, fsync, rename).
///
/// Every `LogCheckpoint.interval` records, a compact checkpoint of the log so far is written
/// beside it (atomically too), so that an open decodes JSON only for the records written since.
///
/// One process should own a directory at a time; the store does not lock the files.
public actor LocalStatsStore: StatsProvider {
    public static let metadataFileName = "stats-metadata.json"
    public static let logFileName = "stats-events.log"
    public static let checkpointFileName = "stats-events.checkpoint"

    public nonisolated let name = "local"
    public nonisolated let directory: URL
    /// This installation, chosen on first open and kept in the metadata.
    public nonisolated let device: DeviceID
    /// What opening the log repaired or skipped.
    public nonisolated let recovery: LocalStoreRecovery
    /// Every event held, loaded on open and kept up to date by every append.
    public private(set) var log: EventLog

    var metadata: LocalStoreMetadata
    /// The current winner per setting key, kept incrementally (as `SettingsProjection.winners`).
    var settingWinners: [String: StatsEvent]
    /// The end of the intact log: where the next batch is written.
    private var logEnd: Int
    private var lastRecord: RecordMark?
    private(set) var recordsPastCheckpoint: Int
    /// write(2) calls made by appends, for tests.
    private(set) var writeCalls = 0
    let now: @Sendable () -> Int64

    /// Opens the store in `directory`, creating it on first use. `now` is Unix milliseconds.
    /// Throws `StatsProviderError.corrupt` for unreadable metadata, `LocalStoreError` for file
    /// failures or a store written by a newer version.
    public init(directory: URL, now: @escaping @Sendable () -> Int64) throws {
        try LocalFileSystem.createDirectory(directory)
        let metadataURL = directory.appendingPathComponent(Self.metadataFileName)
        let logURL = directory.appendingPathComponent(Self.logFileName)
        let checkpointURL = directory.appendingPathComponent(Self.checkpointFileName)
        LocalFileSystem.removeFiles(in: directory) { name in
            name.hasSuffix(".tmp")
                && (name.hasPrefix(Self.metadataFileName + ".") || name.hasPrefix(Self.checkpointFileName + "."))
        }

        var metadata: LocalStoreMetadata
        var metadataChanged = false
        if let data = try LocalFileSystem.read(metadataURL) {
            metadata = try LocalStoreMetadata.decode(data, path: metadataURL.path)
        } else {
            guard let device = DeviceID(rawValue: UUID().uuidString) else {
                throw StatsProviderError.corrupt("a UUID string is always a valid device id")
            }
            metadata = LocalStoreMetadata(device: device)
            metadataChanged = true
        }

        var loaded = try Self.loadLog(logURL, checkpoint: checkpointURL)
        var log = EventLog()
        log.insert(contentsOf: loaded.events)
        // The clock is persisted before every local setting change, but if the metadata was lost
        // or a crash came between an append and a metadata write, the log still knows better.
        metadataChanged =
            Self.advance(&metadata.clock, pastSettingsIn: log.events, now: now()) || metadataChanged
        if metadataChanged { try LocalFileSystem.replace(metadataURL, with: Self.encode(metadata)) }
        if loaded.recordsPastCheckpoint >= LogCheckpoint.interval,
            Self.writeCheckpoint(
                log.events, end: loaded.end, lastRecord: loaded.lastRecord, recovery: loaded.recovery, to: checkpointURL)
        {
            loaded.recordsPastCheckpoint = 0
        }

        self.directory = directory
        self.device = metadata.device
        self.recovery = loaded.recovery
        self.log = log
        self.metadata = metadata
        self.settingWinners = SettingsProjection.winners(of: log.events)
        self.logEnd = loaded.end
        self.lastRecord = loaded.lastRecord
        self.recordsPastCheckpoint = loaded.recordsPastCheckpoint
        self.now = now
    }

    var metadataURL: URL { directory.appendingPathComponent(Self.metadataFileName) }
    var logURL: URL { directory.appendingPathComponent(Self.logFileName) }
    var checkpointURL: URL { directory.appendingPathComponent(Self.checkpointFileName) }

    /// Adds the events not yet held (by id) with one flushed write, and returns them in the order
    /// given. Setting changes from other devices move the hybrid clock past their readings.
    @discardableResult
    public func append(_ events: [StatsEvent]) throws -> [StatsEvent] {
        var inBatch = Set<UUID>()
        let fresh = events.filter { !log.contains($0.id) && inBatch.insert($0.id).inserted }
        guard !fresh.isEmpty else { return [] }
        try commit(fresh)
        return fresh
    }

    /// Writes events (not yet held) to the log, takes them into memory, and checkpoints when due.
    func commit(_ events: [StatsEvent]) throws {
        try write(events)
        absorb(events)
        recordsPastCheckpoint += events.count
        // A checkpoint that cannot be written now only makes the next open slower.
        if recordsPastCheckpoint >= LogCheckpoint.interval {
            _ = Self.writeCheckpoint(log.events, end: logEnd, lastRecord: lastRecord, recovery: recovery, to: checkpointURL)
            recordsPastCheckpoint = 0
        }
    }

    /// Frames and writes `events` at the end of the intact log, then flushes.
    private func write(_ events: [StatsEvent]) throws {
        let encoder = JSONEncoder()
        var bytes: [UInt8] = []
        var last: RecordMark?
        for event in events {
            let offset = logEnd + bytes.count
            last = RecordMark(offset: offset, crc: LogRecordFormat.frame(Array(try encoder.encode(event)), into: &bytes))
        }
        writeCalls += try LocalFileSystem.append(bytes, to: logURL, at: logEnd)
        logEnd += bytes.count
        lastRecord = last ?? lastRecord
    }

    /// Takes written events into the in-memory state. The clock's move is not written here: it
    /// is re-derived from the log on open, and written before the next local setting change.
    private func absorb(_ events: [StatsEvent]) {
        for event in events where log.insert(event) {
            guard let change = event.settingChange else { continue }
            if let current = settingWinners[change.key]?.settingChange, current.clock >= change.clock { continue }
            settingWinners[change.key] = event
        }
        Self.advance(&metadata.clock, pastSettingsIn: events, now: now())
    }

    /// Replaces the metadata file, then the in-memory copy (so a failed write changes nothing).
    func save(_ updated: LocalStoreMetadata) throws {
        try LocalFileSystem.replace(metadataURL, with: Self.encode(updated))
        metadata = updated
    }

    // MARK: Sync bookkeeping

    /// This device's hybrid clock as last issued or advanced.
    public var clock: HybridClock { metadata.clock }

    /// The current value of every setting (last writer wins by hybrid clock).
    public var settings: [String: String] { settingWinners.compactMapValues { $0.settingChange?.value } }

    /// The cursor the named provider's last fetch returned, if any.
    public func cursor(for provider: String) -> String? { metadata.cursors[provider] }

    /// Keeps (or with nil, forgets) a provider's cursor; written before it returns.
    public func setCursor(_ cursor: String?, for provider: String) throws {
        var updated = metadata
        updated.cursors[provider] = cursor
        try save(updated)
    }

    /// When the last sync completed, in Unix milliseconds.
    public var lastSynced: Int64? { metadata.lastSynced }

    public func setLastSynced(_ millis: Int64?) throws {
        var updated = metadata
        updated.lastSynced = millis
        try save(updated)
    }

    // MARK: StatsProvider

    public func availability() -> ProviderAvailability { .available }

    public func fetch(missingFrom local: VersionVector, cursor: String?) -> ProviderSnapshot {
        ProviderSnapshot(events: log.events(notCoveredBy: local), version: log.version)
    }

    public func push(_ events: [StatsEvent]) throws {
        try append(events)
    }
}
