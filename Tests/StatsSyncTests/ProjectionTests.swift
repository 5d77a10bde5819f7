import Foundation
import Testing

@testable import StatsSync

@Suite struct ProjectionTests {
    let phone = EventFactory.device("phone")
    let pad = EventFactory.device("pad")

    @Test func countsGamesWinsAndRates() {
        var make = EventFactory()
        let events = [
            make.game(phone, "2025-01-17", won: true, mistakes: 1, seconds: 100),
            make.game(phone, "2025-01-18", won: false, mistakes: 4, seconds: 300),
            make.game(phone, "2025-01-19", won: true, mistakes: 0, seconds: 200, hints: 2),
            make.game(phone, "2025-01-20", won: true, mistakes: 0, seconds: 60),
        ]
        let stats = StatsProjection.stats(of: events, today: day("2025-01-20"))
        #expect(stats.gamesPlayed == 4)
        #expect(stats.wins == 3)
        #expect(stats.winRate == 0.75)
        #expect(stats.averageWinSeconds == 120)
        #expect(stats.mistakesDistribution == [0: 2, 1: 1, 4: 1])
        #expect(stats.hintsUsed == 2)
        #expect(stats.perfectGames == 1)
        #expect(stats.lastPlayed == day("2025-01-20"))
        #expect(stats.currentStreak == 2)
        #expect(stats.bestStreak == 2)
    }

    @Test func theSeedsLostGameIsKeptWhenTwoDevicesEachPlayOneOffline() {
        var make = EventFactory()
        var shared: [StatsEvent] = []
        for index in 1...10 { shared.append(make.game(phone, "2025-01-\(String(format: "%02d", index))")) }
        let phoneLog = EventLog(shared + [make.game(phone, "2025-01-11")])
        let padLog = EventLog(shared + [make.game(pad, "2025-01-12")])
        #expect(StatsProjection.stats(of: phoneLog.events, today: day("2025-01-12")).gamesPlayed == 11)
        #expect(StatsProjection.stats(of: padLog.events, today: day("2025-01-12")).gamesPlayed == 11)
        let merged = phoneLog.merged(with: padLog)
        #expect(merged == padLog.merged(with: phoneLog))
        let stats = StatsProjection.stats(of: merged.events, today: day("2025-01-12"))
        #expect(stats.gamesPlayed == 12, "max(11, 11) = 11 would lose a game; union keeps both")
        #expect(stats.currentStreak == 12)
    }

    @Test func aMissedDayBreaksTheStreak() {
        var make = EventFactory()
        let events = [
            make.game(phone, "2025-01-10"), make.game(phone, "2025-01-11"), make.game(phone, "2025-01-12"),
            make.game(phone, "2025-01-14"), make.game(phone, "2025-01-15"),
        ]
        #expect(StatsProjection.stats(of: events, today: day("2025-01-15")).currentStreak == 2)
        #expect(StatsProjection.stats(of: events, today: day("2025-01-15")).bestStreak == 3)
        #expect(StatsProjection.stats(of: events, today: day("2025-01-16")).currentStreak == 2, "today not yet played")
        #expect(StatsProjection.stats(of: events, today: day("2025-01-17")).currentStreak == 0, "yesterday missed")
    }

    @Test func aLossTodayEndsTheStreakButALossElsewhereOnlyBreaksIt() {
        var make = EventFactory()
        var events = [make.game(phone, "2025-01-10"), make.game(phone, "2025-01-11", won: false), make.game(phone, "2025-01-12")]
        #expect(StatsProjection.stats(of: events, today: day("2025-01-12")).currentStreak == 1)
        #expect(StatsProjection.stats(of: events, today: day("2025-01-12")).bestStreak == 1)
        events.append(make.game(phone, "2025-01-13", won: false))
        #expect(StatsProjection.stats(of: events, today: day("2025-01-13")).currentStreak == 0)
    }

    @Test func theEarliestCompletionOfAPuzzleCountsAndTheRestAreKeptForAudit() {
        var make = EventFactory()
        let late = make.game(phone, "2025-01-19", won: true, seconds: 90, at: 1_737_290_000_000)
        let early = make.game(pad, "2025-01-19", won: false, mistakes: 4, seconds: 300, at: 1_737_280_000_000)
        for order in [[late, early], [early, late]] {
            let stats = StatsProjection.stats(of: order, today: day("2025-01-19"))
            #expect(stats.gamesPlayed == 1)
            #expect(stats.wins == 0, "the earlier completion was a loss")
            #expect(stats.duplicateCompletions == 1)
            #expect(StatsProjection.countedCompletions(order).winners[day("2025-01-19")]?.id == early.id)
        }
    }

    @Test func equalTimestampsFallToTheSmallerIdOnEveryReplica() {
        var make = EventFactory()
        let a = make.game(phone, "2025-01-19", won: true, at: 1_737_280_000_000)
        let b = make.game(pad, "2025-01-19", won: false, at: 1_737_280_000_000)
        let expected = a.id.uuidString < b.id.uuidString ? a.id : b.id
        #expect(StatsProjection.countedCompletions([a, b]).winners.values.first?.id == expected)
        #expect(StatsProjection.countedCompletions([b, a]).winners.values.first?.id == expected)
    }

    @Test func aResetErasesWhatItSawAndKeepsGamesPlayedConcurrently() {
        var make = EventFactory()
        let seen = [make.game(phone, "2025-01-10"), make.game(pad, "2025-01-11")]
        // The pad plays while the phone, which has not seen that game, resets.
        let concurrent = make.game(pad, "2025-01-12")
        let reset = make.event(phone, .statsReset(StatsReset(seen: EventLog(seen).version)))
        let after = make.game(phone, "2025-01-13")
        let stats = StatsProjection.stats(of: seen + [concurrent, reset, after], today: day("2025-01-13"))
        #expect(stats.gamesPlayed == 2)
        #expect(stats.gamesErasedByReset == 2)
        #expect(stats.currentStreak == 2)
        #expect(stats.lastPlayed == day("2025-01-13"))
    }

    @Test func syntheticGamesCountTowardsTotalsOnly() {
        var make = EventFactory()
        let synthetic = make.event(phone, .gameCompleted(GameCompletion(
            puzzleDate: day("2025-01-18"), won: true, mistakes: 0, seconds: 0, hintsUsed: 0, synthetic: true)))
        let real = make.game(phone, "2025-01-19", won: true, mistakes: 2, seconds: 100)
        let stats = StatsProjection.stats(of: [synthetic, real], today: day("2025-01-19"))
        #expect(stats.gamesPlayed == 2)
        #expect(stats.wins == 2)
        #expect(stats.currentStreak == 2)
        #expect(stats.perfectGames == 0)
        #expect(stats.averageWinSeconds == 100)
        #expect(stats.mistakesDistribution == [2: 1])
    }

    @Test func settingsAreLastWriterWinsOnHybridClocks() {
        var phoneClock = HybridClock(device: phone)
        var padClock = HybridClock(device: pad)
        var make = EventFactory()
        // The pad's wall clock runs behind, but it has seen the phone's change, so its change wins.
        let first = phoneClock.tick(now: 5_000)
        padClock.observe(first, now: 1_000)
        let second = padClock.tick(now: 1_000)
        #expect(second > first)
        let events = [
            make.event(pad, .settingChanged(SettingChange(key: "sound", value: "off", clock: second))),
            make.event(phone, .settingChanged(SettingChange(key: "sound", value: "on", clock: first))),
        ]
        #expect(SettingsProjection.values(of: events) == ["sound": "off"])
        #expect(SettingsProjection.values(of: events.reversed()) == ["sound": "off"])
    }

    @Test func hybridClockNeverRunsBackwards() {
        var clock = HybridClock(device: phone)
        var last = clock.tick(now: 100)
        for now: Int64 in [100, 99, 50, 101, 101, 20] {
            let next = clock.tick(now: now)
            #expect(next > last)
            last = next
        }
        clock.observe(HybridTimestamp(millis: 10_000, counter: 7, device: pad), now: 200)
        #expect(clock.tick(now: 200) > HybridTimestamp(millis: 10_000, counter: 7, device: pad))
    }
}
