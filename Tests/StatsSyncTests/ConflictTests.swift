import Foundation
import Testing

@testable import StatsSync

@Suite struct ConflictTests {
    let phone = EventFactory.device("phone")
    let pad = EventFactory.device("pad")

    @Test func reportsBothCompletionsOfOnePuzzleWithTheOneThatCounts() {
        var make = EventFactory()
        let shared = make.game(phone, "2025-01-18")
        let mine = make.game(phone, "2025-01-19", won: false, at: 1_737_290_000_000)
        let theirs = make.game(pad, "2025-01-19", won: true, at: 1_737_280_000_000)
        let local = EventLog([shared, mine])
        let report = ConflictDetector.report(
            local: local, incoming: [shared, theirs], remoteVersion: VersionVector([phone: 1, pad: 1]), today: day("2025-01-19"))
        #expect(report.duplicateCompletions == [
            DuplicateCompletion(puzzleDate: day("2025-01-19"), thisDevice: mine, other: theirs, counted: theirs)
        ])
        #expect(report.thisDevice.wins == 1)
        #expect(report.other.wins == 2)
        #expect(report.merged.wins == 2)
        #expect(report.merged.gamesPlayed == 2)
        #expect(report.settingConflicts.isEmpty)
    }

    @Test func concurrentSettingChangesAreReportedAndSequentialOnesAreNot() {
        var make = EventFactory()
        let base = make.event(phone, .settingChanged(SettingChange(
            key: "theme", value: "light", clock: HybridTimestamp(millis: 1, counter: 0, device: phone))))
        let mine = make.event(phone, .settingChanged(SettingChange(
            key: "theme", value: "dark", clock: HybridTimestamp(millis: 5, counter: 0, device: phone), supersedes: base.id)))
        let theirs = make.event(pad, .settingChanged(SettingChange(
            key: "theme", value: "sepia", clock: HybridTimestamp(millis: 4, counter: 0, device: pad), supersedes: base.id)))
        let report = ConflictDetector.report(
            local: EventLog([base, mine]), incoming: [base, theirs], remoteVersion: VersionVector([phone: 1, pad: 1]),
            today: day("2025-01-19"))
        #expect(report.settingConflicts == [SettingConflict(key: "theme", thisDevice: mine, other: theirs, merged: mine)])

        // The pad saw the phone's change before writing its own: an ordinary later edit.
        let later = make.event(pad, .settingChanged(SettingChange(
            key: "theme", value: "sepia", clock: HybridTimestamp(millis: 6, counter: 0, device: pad), supersedes: mine.id)))
        let sequential = ConflictDetector.report(
            local: EventLog([base, mine]), incoming: [base, mine, later], remoteVersion: VersionVector([phone: 2, pad: 2]),
            today: day("2025-01-19"))
        #expect(sequential.isEmpty)
    }
}
