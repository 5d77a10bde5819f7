import Foundation
import Synchronization
import Testing

@testable import StatsSync
@testable import StatsSyncDevice

/// Events, devices and clocks for the provider tests.
enum ProviderFixture {
    /// 2025-10-09T17:46:40Z.
    static let now: Int64 = 1_760_000_000_000
    static let day: Int64 = 86_400_000
    static let fixedClock: @Sendable () -> Int64 = { now }

    static func device(_ name: String) throws -> DeviceID { try #require(DeviceID(rawValue: name)) }

    static func game(_ number: Int, won: Bool = true, mistakes: Int = 1, seconds: Int = 95) -> GameCompletion {
        GameCompletion(
            puzzleDate: PuzzleDate(unixMillis: now).adding(days: -number), won: won, mistakes: mistakes,
            seconds: seconds, hintsUsed: number % 3)
    }

    /// `count` games by `device`, sequences `first`..., `spacing` apart. An event depends only on
    /// its device, sequence and spacing, so overlapping calls give equal events.
    static func games(by device: DeviceID, count: Int, first: Int = 1, spacing: Int64 = day) -> [StatsEvent] {
        (0..<count).map { index in
            let sequence = first + index
            let at = max(StatsEventLimits.earliestTimestamp + day, now - 61_000 * spacing) + Int64(sequence) * spacing
            return StatsEvent(
                id: stableID(device, sequence), device: device, sequence: sequence, timestamp: at,
                payload: .gameCompleted(
                    GameCompletion(
                        puzzleDate: PuzzleDate(unixMillis: at), won: sequence % 4 != 0, mistakes: sequence % 5,
                        seconds: 60 + sequence % 400, hintsUsed: sequence % 3 == 0 ? 1 : 0)))
        }
    }

    static func stableID(_ device: DeviceID, _ sequence: Int) -> UUID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in device.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let bytes = withUnsafeBytes(of: (hash.bigEndian, UInt64(truncatingIfNeeded: sequence).bigEndian)) { Array($0) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    static func setting(by device: DeviceID, sequence: Int, key: String, value: String, millis: Int64, counter: Int = 0)
        -> StatsEvent
    {
        StatsEvent(
            device: device, sequence: sequence, timestamp: millis,
            payload: .settingChanged(
                SettingChange(key: key, value: value, clock: HybridTimestamp(millis: millis, counter: counter, device: device))))
    }
}

/// A clock tests move by hand.
final class ProviderTestClock: Sendable {
    private let millis: Mutex<Int64>

    init(_ start: Int64 = ProviderFixture.now) { millis = Mutex(start) }

    var now: Int64 { millis.withLock { $0 } }
    func advance(by delta: Int64) { millis.withLock { $0 += delta } }
    func set(_ value: Int64) { millis.withLock { $0 = value } }
    var reading: @Sendable () -> Int64 { { [self] in now } }
}

/// Files of a store directory.
enum StoreFiles {
    static func log(in directory: URL) -> URL { directory.appendingPathComponent(LocalStatsStore.logFileName) }
    static func metadata(in directory: URL) -> URL { directory.appendingPathComponent(LocalStatsStore.metadataFileName) }

    /// Where each record of the log starts and ends.
    static func records(in directory: URL) throws -> [Range<Int>] {
        let data = try Data(contentsOf: log(in: directory))
        return data.withUnsafeBytes { LogRecordFormat.scan($0).payloads }
            .map { ($0.lowerBound - LogRecordFormat.headerSize)..<$0.upperBound }
    }

    /// A copy of the store directory, its log replaced by `bytes`.
    static func copy(_ directory: URL, to destination: URL, log bytes: Data) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: metadata(in: directory), to: metadata(in: destination))
        try bytes.write(to: log(in: destination))
    }
}
