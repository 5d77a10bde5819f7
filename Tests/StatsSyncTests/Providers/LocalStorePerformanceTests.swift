import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

@Suite struct LocalStorePerformanceTests {
    /// Opening must stay fast as history grows: the figure printed is for this build (a debug
    /// build when run by `swift test`; the limit checked is loose enough for that).
    @Test func opensTenThousandEventsQuickly() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            var events: [StatsEvent] = []
            for index in 0..<10 {
                events += ProviderFixture.games(by: try ProviderFixture.device("device-\(index)"), count: 1000)
            }
            for start in stride(from: 0, to: events.count, by: 400) {
                try await store.append(Array(events[start..<min(start + 400, events.count)]))
            }
            #expect(await store.writeCalls == 25)
            let bytes = try Data(contentsOf: StoreFiles.log(in: directory)).count

            let clock = ContinuousClock()
            var fastest = Duration.seconds(60)
            var reopened: LocalStatsStore?
            for _ in 0..<3 {
                let elapsed = try clock.measure {
                    reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
                }
                fastest = min(fastest, elapsed)
            }
            let log = try #require(await reopened?.log)
            #expect(log.count == 10_000)
            print("LocalStatsStore: opened 10,000 events (\(bytes) bytes, \(bytes / 10_000) bytes/record) in \(fastest)")
            #expect(fastest < .seconds(2))
        }
    }
}
