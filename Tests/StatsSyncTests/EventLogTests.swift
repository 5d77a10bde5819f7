import Foundation
import Testing

@testable import StatsSync

@Suite struct EventLogTests {
    let phone = EventFactory.device("phone")
    let pad = EventFactory.device("pad")

    @Test func unionIsCommutativeAssociativeAndIdempotent() {
        var make = EventFactory()
        let a = EventLog((1...5).map { make.game(phone, "2025-01-\(String(format: "%02d", $0))") })
        let b = EventLog((6...9).map { make.game(pad, "2025-01-\(String(format: "%02d", $0))") })
        let c = EventLog(Array(a.events.prefix(2)) + [make.game(phone, "2025-01-20")])
        #expect(a.merged(with: b) == b.merged(with: a))
        #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
        #expect(a.merged(with: a) == a)
        #expect(a.merged(with: b).count == 9)
    }

    @Test func versionVectorIsTheGapFreePrefix() {
        var make = EventFactory()
        let events = (1...5).map { _ in make.game(phone, "2025-01-01") }
        var log = EventLog([events[0], events[1], events[3]])
        #expect(log.version[phone] == 2)
        #expect(log.highestSequence(of: phone) == 4)
        #expect(log.events(notCoveredBy: VersionVector([phone: 1])).map(\.sequence) == [2, 4])
        log.insert(events[2])
        #expect(log.version[phone] == 4)
        let grew = log.insert(events[2])
        #expect(!grew, "a repeat delivery changes nothing")
        #expect(log.count == 4)
    }

    @Test func eventsRoundTripThroughTheirWireForm() throws {
        var make = EventFactory()
        let clock = HybridTimestamp(millis: 1_737_280_800_000, counter: 2, device: phone)
        let events = [
            make.game(phone, "2025-01-19", won: false, mistakes: 3, seconds: 75, hints: 1),
            make.event(phone, .settingChanged(SettingChange(key: "theme", value: "dark", clock: clock, supersedes: UUID()))),
            make.event(phone, .statsReset(StatsReset(seen: VersionVector([phone: 2, pad: 7])))),
        ]
        let data = try JSONEncoder().encode(events)
        #expect(try JSONDecoder().decode([StatsEvent].self, from: data) == events)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"type\":\"game_completed\""))
        #expect(text.contains("\"puzzle_date\":\"2025-01-19\""))
    }

    @Test func malformedEventsAreRefusedWithReasons() throws {
        let bad = [
            #"{"id":"9A4E2E1C-7B8B-4C53-9A57-6E1F1D7C0001","device":"bad id!","seq":1,"at":1737280800000,"type":"stats_reset","reset":{"seen":{}}}"#,
            #"{"id":"9A4E2E1C-7B8B-4C53-9A57-6E1F1D7C0001","device":"x","seq":1,"at":1737280800000,"type":"game_completed","game":{"puzzle_date":"2025-02-30","won":true,"mistakes":0,"seconds":1,"hints":0}}"#,
            #"{"id":"9A4E2E1C-7B8B-4C53-9A57-6E1F1D7C0001","device":"x","seq":1,"at":1737280800000,"type":"party"}"#,
        ]
        for text in bad {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(StatsEvent.self, from: Data(text.utf8)) }
        }
        let now: Int64 = 1_737_280_800_000
        let future = StatsEvent(
            device: phone, sequence: 0, timestamp: now + 3 * 86_400_000,
            payload: .gameCompleted(GameCompletion(puzzleDate: day("2025-02-01"), won: true, mistakes: -1, seconds: 90_000, hintsUsed: 101)))
        #expect(Set(future.problems(now: now).map(\.field)) == ["seq", "at", "game.puzzle_date", "game.mistakes", "game.seconds", "game.hints"])
    }
}
