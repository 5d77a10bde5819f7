import Foundation
import StatsSync

extension LocalStatsStore {
    /// Where the last intact record of the log starts, and its CRC (what a checkpoint checks).
    struct RecordMark: Equatable, Sendable {
        var offset: Int
        var crc: UInt32
    }

    struct LoadedLog {
        var events: [StatsEvent] = []
        var recovery = LocalStoreRecovery()
        var end = 0
        var lastRecord: RecordMark?
        /// Records read as JSON because no checkpoint covers them.
        var recordsPastCheckpoint = 0
    }

    /// Reads the log: the events of a matching checkpoint, then the intact records after it in
    /// order, the damage skipped, a torn tail cut off the file. A checkpoint that does not match
    /// is removed.
    static func loadLog(_ url: URL, checkpoint checkpointURL: URL) throws -> LoadedLog {
        guard let data = try LocalFileSystem.read(url) else {
            LocalFileSystem.remove(checkpointURL)
            return LoadedLog()
        }
        let checkpointData = (try? LocalFileSystem.read(checkpointURL)) ?? nil
        var loaded = LoadedLog()
        var usedCheckpoint = false
        data.withUnsafeBytes { bytes in
            let checkpoint = checkpointData.flatMap { LogCheckpoint.decode($0, matching: bytes) }
            usedCheckpoint = checkpoint != nil
            let start = checkpoint?.coveredBytes ?? 0
            let tail = UnsafeRawBufferPointer(rebasing: bytes[start...])
            let scan = LogRecordFormat.scan(tail)
            let decoded = decodeEvents(tail, scan.payloads)
            loaded.events = (checkpoint?.events ?? []) + decoded
            loaded.recovery.skippedBytes = (checkpoint?.skippedBytes ?? 0) + scan.skippedBytes
            loaded.recovery.skippedRegions = (checkpoint?.skippedRegions ?? 0) + scan.skippedRegions
            loaded.recovery.undecodableRecords =
                (checkpoint?.undecodableRecords ?? 0) + scan.payloads.count - decoded.count
            loaded.end = start + scan.validEnd
            loaded.recordsPastCheckpoint = scan.payloads.count
            if let last = scan.payloads.last {
                let offset = last.lowerBound - LogRecordFormat.headerSize
                let crc = LogRecordFormat.storedCRC(in: tail, recordAt: offset)
                loaded.lastRecord = RecordMark(offset: start + offset, crc: crc)
            } else if let checkpoint {
                loaded.lastRecord = RecordMark(offset: checkpoint.lastRecordOffset, crc: checkpoint.lastRecordCRC)
            }
        }
        if !usedCheckpoint && checkpointData != nil { LocalFileSystem.remove(checkpointURL) }
        if loaded.end < data.count {
            loaded.recovery.truncatedBytes = data.count - loaded.end
            try LocalFileSystem.truncate(url, to: loaded.end)
        }
        return loaded
    }

    /// Writes a checkpoint of `events`, the whole log up to `end`; false if it could not.
    static func writeCheckpoint(
        _ events: some Collection<StatsEvent>, end: Int, lastRecord: RecordMark?, recovery: LocalStoreRecovery, to url: URL
    ) -> Bool {
        guard let lastRecord else { return false }
        let checkpoint = LogCheckpoint(
            coveredBytes: end, lastRecordOffset: lastRecord.offset, lastRecordCRC: lastRecord.crc,
            skippedBytes: recovery.skippedBytes, skippedRegions: recovery.skippedRegions,
            undecodableRecords: recovery.undecodableRecords, events: Array(events))
        return (try? LocalFileSystem.replace(url, with: checkpoint.encoded())) != nil
    }

    /// Decodes the payloads, all at once as one JSON array when every one is a valid event (the
    /// fast path), one by one otherwise, leaving out those that do not decode.
    static func decodeEvents(_ bytes: UnsafeRawBufferPointer, _ payloads: [Range<Int>]) -> [StatsEvent] {
        guard !payloads.isEmpty else { return [] }
        let decoder = JSONDecoder()
        var array = Data(capacity: payloads.reduce(2) { $0 + $1.count + 1 })
        array.append(UInt8(ascii: "["))
        for (index, payload) in payloads.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[payload]))
        }
        array.append(UInt8(ascii: "]"))
        if let events = try? decoder.decode([StatsEvent].self, from: array), events.count == payloads.count {
            return events
        }
        return payloads.compactMap { payload in
            try? decoder.decode(StatsEvent.self, from: Data(UnsafeRawBufferPointer(rebasing: bytes[payload])))
        }
    }

    /// Moves `clock` past every setting reading in `events` that is ahead of it, ignoring
    /// readings implausibly far in the future (they would drag every later change with them).
    /// Returns whether the clock moved.
    @discardableResult
    static func advance(_ clock: inout HybridClock, pastSettingsIn events: some Sequence<StatsEvent>, now: Int64) -> Bool {
        var latest: HybridTimestamp?
        for event in events {
            guard let reading = event.settingChange?.clock,
                reading.millis <= now + StatsEventLimits.futureAllowanceMillis
            else { continue }
            if latest.map({ reading > $0 }) ?? true { latest = reading }
        }
        guard let latest, (latest.millis, latest.counter) > (clock.millis, clock.counter) else { return false }
        clock.observe(latest, now: now)
        return true
    }

    static func encode(_ metadata: LocalStoreMetadata) throws -> Data {
        do {
            return try metadata.encoded()
        } catch {
            throw LocalStoreError.fileSystem(
                operation: "encode", path: Self.metadataFileName, reason: "\(error)")
        }
    }
}
