import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice

@Suite struct CompactEventCodecTests {
    private func mixedEvents() throws -> [StatsEvent] {
        let phone = try ProviderFixture.device("phone")
        let tablet = try ProviderFixture.device("tablet")
        var events = ProviderFixture.games(by: phone, count: 5)
        events.append(
            StatsEvent(
                device: phone, sequence: 6, timestamp: ProviderFixture.now - 1,
                payload: .gameCompleted(
                    GameCompletion(
                        puzzleDate: PuzzleDate(year: 2001, month: 2, day: 3), won: false, mistakes: 100, seconds: 86_400,
                        hintsUsed: 100, synthetic: true))))
        events.append(
            StatsEvent(
                device: phone, sequence: 7, timestamp: ProviderFixture.now - 500_000,  // out of order in time
                payload: .settingChanged(
                    SettingChange(
                        key: "név ✓", value: String(repeating: "é", count: 512),
                        clock: HybridTimestamp(millis: ProviderFixture.now + 99, counter: 12, device: phone), supersedes: UUID()))))
        events.append(
            StatsEvent(
                device: phone, sequence: 9, timestamp: ProviderFixture.now,  // a gap, and a clock of another device
                payload: .settingChanged(
                    SettingChange(key: "k", value: "", clock: HybridTimestamp(millis: 0, counter: 0, device: tablet)))))
        events.append(
            StatsEvent(
                device: phone, sequence: 9, timestamp: ProviderFixture.now,  // a second event with one sequence
                payload: .statsReset(StatsReset(seen: VersionVector([phone: 8, tablet: 1_000_000_000])))))
        events.append(
            StatsEvent(device: phone, sequence: 10, timestamp: ProviderFixture.now, payload: .statsReset(StatsReset(seen: VersionVector()))))
        events += ProviderFixture.games(by: tablet, count: 3)
        return events
    }

    @Test func roundTripsEveryKindOfEvent() throws {
        let events = try mixedEvents()
        let groups = CompactEventCodec.groups(of: events)
        #expect(groups.count == 2)
        let decoded = try CompactEventCodec.decode(CompactEventCodec.encode(groups))
        #expect(decoded.map(\.invalidEvents) == [0, 0])
        #expect(EventLog(decoded.flatMap(\.events)) == EventLog(events))
        #expect(Set(decoded.flatMap(\.events)) == Set(events))
    }

    @Test func equalSetsEncodeToEqualBytes() throws {
        let events = try mixedEvents()
        let forward = CompactEventCodec.encode(CompactEventCodec.groups(of: events))
        let backward = CompactEventCodec.encode(CompactEventCodec.groups(of: events.reversed()))
        #expect(forward == backward)
    }

    @Test func damagedBytesNeverCrashTheDecoder() throws {
        let bytes = CompactEventCodec.encode(CompactEventCodec.groups(of: try mixedEvents()))
        for length in 0..<bytes.count {
            #expect(throws: CompactDecodingError.self) { try CompactEventCodec.decode(Array(bytes.prefix(length))) }
        }
        var generator = ProviderTestRandom(seed: 7)
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            // Either an error or some events: never a crash, never an invalid device.
            if let groups = try? CompactEventCodec.decode(damaged) {
                #expect(groups.allSatisfy { group in group.events.allSatisfy { $0.device == group.device } })
            }
            let random = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? CompactEventCodec.decode(CompactEventCodec.magic + random)
        }
        // Varints that never end or overflow.
        #expect(throws: CompactDecodingError.self) {
            try CompactEventCodec.decode(CompactEventCodec.magic + [UInt8](repeating: 0xFF, count: 20))
        }
        #expect(throws: CompactDecodingError.self) {
            try CompactEventCodec.decode(CompactEventCodec.magic + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02])
        }
    }

    @Test func impossibleValuesAreCountedNotDecoded() throws {
        let phone = try ProviderFixture.device("phone")
        let farPast = StatsEvent(
            device: phone, sequence: 1, timestamp: ProviderFixture.now,
            payload: .gameCompleted(GameCompletion(puzzleDate: PuzzleDate(dayNumber: -50_000), won: true, mistakes: 0, seconds: 1, hintsUsed: 0)))
        let fine = ProviderFixture.games(by: phone, count: 1, first: 2)
        let decoded = try CompactEventCodec.decode(CompactEventCodec.encode(CompactEventCodec.groups(of: [farPast] + fine)))
        #expect(decoded.first?.events == fine)
        #expect(decoded.first?.invalidEvents == 1)
    }

    @Test func extremeValuesRoundTripWithoutTrapping() throws {
        let phone = try ProviderFixture.device("phone")
        let extreme = StatsEvent(
            device: phone, sequence: Int.max, timestamp: Int64.min,
            payload: .settingChanged(SettingChange(key: "k", value: "v", clock: HybridTimestamp(millis: Int64.max, counter: Int.min, device: phone))))
        let other = StatsEvent(device: phone, sequence: Int.min, timestamp: Int64.max, payload: .statsReset(StatsReset(seen: VersionVector())))
        let decoded = try CompactEventCodec.decode(CompactEventCodec.encode(CompactEventCodec.groups(of: [extreme, other])))
        #expect(Set(decoded.flatMap(\.events)) == [extreme, other])
    }

    @Test func chunksStayWithinTheirLimitAndRoundTrip() throws {
        let phone = try ProviderFixture.device("phone")
        let events = ProviderFixture.games(by: phone, count: 1000)
        let chunks = try #require(CompactEventCodec.encodeChunks(device: phone, floor: 1, events: events, maximumBytes: 4096))
        #expect(chunks.count > 5)
        #expect(chunks.allSatisfy { $0.count <= 4096 })
        let decoded = try chunks.flatMap { try CompactEventCodec.decode($0).flatMap(\.events) }
        #expect(decoded == events)
        #expect(CompactEventCodec.encodeChunks(device: phone, floor: 1, events: events, maximumBytes: 30) == nil)
        #expect(CompactEventCodec.encodeChunks(device: phone, floor: 1, events: [], maximumBytes: 30)?.count == 1)
    }

    @Test func keysNameTheirDeviceUnambiguously() throws {
        let dotted = try ProviderFixture.device("a.1")
        #expect(KeyValueLayout.eventKey(for: dotted, chunk: 0) == "ev.a.1")
        #expect(KeyValueLayout.eventKey(for: dotted, chunk: 3) == "ev.a.1#3")
        #expect(KeyValueLayout.parse("ev.a.1") == .events(token: "a.1", chunk: 0))
        #expect(KeyValueLayout.parse("ev.a.1#3") == .events(token: "a.1", chunk: 3))
        #expect(KeyValueLayout.parse("summary.a.1") == .summary(token: "a.1"))
        for key in ["ev.", "ev.a#0", "ev.a#01", "ev.a#", "ev.a b", "theme", "ev.a#12345", "summary."] {
            #expect(KeyValueLayout.parse(key) == nil, "\(key)")
        }
        let long = try ProviderFixture.device(String(repeating: "x", count: 64))
        let key = KeyValueLayout.eventKey(for: long, chunk: 1023)
        #expect(key.utf8.count <= 64)
        #expect(KeyValueLayout.summaryKey(for: long).utf8.count <= 64)
        #expect(KeyValueLayout.parse(key) == .events(token: KeyValueLayout.token(for: long), chunk: 1023))
        let widest = try ProviderFixture.device(String(repeating: "y", count: KeyValueLayout.longestPlainID))
        #expect(KeyValueLayout.eventKey(for: widest, chunk: 1023).utf8.count == 64)
    }
}

/// A small seeded generator, so random tests repeat exactly.
struct ProviderTestRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
