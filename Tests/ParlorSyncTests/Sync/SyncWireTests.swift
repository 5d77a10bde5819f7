import Foundation
import ParlorAPI
import ServerTestSupport
import StatsSync
import Testing

/// The mapping between the generated sync types and StatsSync's, shared with the client.
@Suite struct SyncWireTests {
    let make = SyncEventFactory(now: Date(timeIntervalSince1970: 1_750_000_000))

    var samples: [StatsEvent] {
        let phone = DeviceID(rawValue: "phone")!
        let synthetic = StatsEvent(
            device: phone, sequence: 9, timestamp: make.now,
            payload: .gameCompleted(GameCompletion(puzzleDate: make.today, won: true, mistakes: 0, seconds: 0, hintsUsed: 0, synthetic: true)))
        let superseding = StatsEvent(
            device: phone, sequence: 10, timestamp: make.now,
            payload: .settingChanged(
                SettingChange(
                    key: "theme", value: "dark/blue \"quoted\"", clock: HybridTimestamp(millis: make.now, counter: 3, device: phone),
                    supersedes: UUID())))
        return [make.game("phone", 1, mistakes: 2, hints: 1), synthetic, superseding, make.reset("tablet", 4, seen: ["phone": 7, "tablet": 3])]
    }

    @Test func eventsRoundTripAndEncodeAsStatsSyncDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for event in samples {
            let wire = Components.Schemas.SyncEvent(event)
            #expect(try StatsEvent(wire: wire) == event)
            #expect(try encoder.encode(wire) == encoder.encode(event), "\(event.kind)")
            let decoded = try JSONDecoder().decode(Components.Schemas.SyncEvent.self, from: encoder.encode(event))
            #expect(decoded == wire)
        }
    }

    @Test func everyProblemOfAWireEventIsNamed() {
        var wire = Components.Schemas.SyncEvent(make.game("phone", 1))
        wire.id = "nope"
        wire.device = String(repeating: "d", count: 65)
        wire._type = "game_abandoned"
        #expect(problems(wire) == ["id", "device", "type"])

        var setting = Components.Schemas.SyncEvent(make.setting("phone", 2, "theme", "dark"))
        setting.setting?.clock.device = "not a device"
        setting.setting?.supersedes = "also not a uuid"
        setting.game = .init(puzzleDate: "2025-01-01", won: true, mistakes: 0, seconds: 1, hints: 0)
        #expect(problems(setting) == ["game", "setting.clock.device", "setting.supersedes"])

        var game = Components.Schemas.SyncEvent(make.game("phone", 3))
        game.game = nil
        #expect(problems(game) == ["game"])
        game.game = .init(puzzleDate: "19-01-2025", won: true, mistakes: 0, seconds: 1, hints: 0)
        #expect(problems(game) == ["game.puzzle_date"])

        var reset = Components.Schemas.SyncEvent(make.reset("phone", 4, seen: [:]))
        reset.reset = .init(seen: .init(additionalProperties: ["phone": -1, "bad id": 2]))
        #expect(problems(reset) == ["reset.seen", "reset.seen"])
    }

    @Test func statsRoundTrip() throws {
        let events = make.games("phone", 1...20)
        let stats = StatsProjection.stats(of: events, today: make.today)
        #expect(stats.mistakesDistribution.count > 1)
        #expect(try PuzzleStats(wire: Components.Schemas.SyncStats(stats)) == stats)
        var empty = Components.Schemas.SyncStats(PuzzleStats())
        #expect(try PuzzleStats(wire: empty) == PuzzleStats())
        empty.lastPlayed = "never"
        #expect(throws: StatsSyncWireError.self) { try PuzzleStats(wire: empty) }
    }

    private func problems(_ wire: Components.Schemas.SyncEvent) -> [String] {
        do {
            _ = try StatsEvent(wire: wire)
            return []
        } catch {
            return error.problems.map(\.field)
        }
    }
}
