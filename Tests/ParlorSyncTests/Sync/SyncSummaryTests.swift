import Foundation
import HTTPTypes
import ParlorAPI
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import Testing
import TestSupport

/// `GET /sync/summary`: the projection of everything stored, as StatsSync computes it.
@Suite struct SyncSummaryTests {
    @Test(arguments: TestDatabaseKind.available)
    func theSummaryIsTheProjectionOfEveryStoredEvent(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let phone = [
                make.game("phone", 1, daysAgo: 3), make.game("phone", 2, daysAgo: 2, seconds: 90),
                make.game("phone", 3, daysAgo: 1, mistakes: 1, seconds: 120), make.game("phone", 4, daysAgo: 5, won: false, mistakes: 4),
                make.setting("phone", 5, "theme", "light", millis: make.now - 500),
            ]
            let tablet = [
                make.game("tablet", 1, daysAgo: 2, hints: 2), make.setting("tablet", 2, "theme", "dark", millis: make.now - 2000),
                make.setting("tablet", 3, "sound", "off"), make.reset("tablet", 4, seen: ["phone": 1]),
            ]
            #expect(try await server.push(phone, token: player.token).status == .ok)
            #expect(try await server.push(tablet, token: player.token).status == .ok)
            let events = phone + tablet

            for daysAhead in [0, 1, 2] {
                let today = make.today.adding(days: daysAhead)
                let reply = try await server.summary(today: today.description, token: player.token)
                #expect(reply.status == .ok)
                let summary = try JSONDecoder().decode(Components.Schemas.SyncSummary.self, from: reply.data)
                #expect(try PuzzleStats(wire: summary.stats) == StatsProjection.stats(of: events, today: today), "today \(today)")
            }
            let reply = try await server.summary(token: player.token)
            let summary = try JSONDecoder().decode(Components.Schemas.SyncSummary.self, from: reply.data)
            let stats = try PuzzleStats(wire: summary.stats)
            #expect(stats == StatsProjection.stats(of: events, today: make.today), "without `today`, the server's date")
            // The reset erased phone's first game; tablet's game of two days ago duplicates phone's.
            #expect(stats.gamesPlayed == 3)
            #expect(stats.wins == 2)
            #expect(stats.currentStreak == 2)
            #expect(stats.gamesErasedByReset == 1)
            #expect(stats.duplicateCompletions == 1)
            #expect(summary.settings.additionalProperties == ["theme": "light", "sound": "off"])
            #expect(try VersionVector(wire: summary.version) == EventLog(events).version)
            #expect(summary.eventCount == events.count)
            #expect(summary.changeToken == changeToken(Int64(events.count)))
            let later = try await server.summary(today: make.today.adding(days: 2).description, token: player.token)
            #expect((later.json["stats"] as? [String: Any])?["current_streak"] as? Int == 0, "a missed day ends the streak")
        }
    }

    @Test func anEmptyLogSummarisesToZeroAndABadDayIsRefused() async throws {
        try await withAccountsServer { server in
            let player = try await server.player()
            let empty = try await server.summary(token: player.token)
            #expect(empty.status == .ok)
            #expect(empty.number("event_count") == 0)
            #expect(empty["change_token"] == changeToken(0))
            #expect((empty.json["stats"] as? [String: Any])?["games_played"] as? Int == 0)
            #expect((empty.json["stats"] as? [String: Any])?["average_win_seconds"] == nil)
            #expect(empty.json["version"] as? [String: Int] == [:])
            for today in ["2025-13-01", "yesterday", "2025-02-29", ""] {
                let bad = try await server.summary(today: today, token: player.token)
                #expect(bad.status == .badRequest, "today=\(today)")
                #expect(bad.invalidFields == ["today"])
            }
        }
    }
}
