import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import ParlorDatabase
@testable import ParlorPlay
@testable import ParlorSocial
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing
import TestSupport

/// Leaderboards and achievements fed by real finished games and synced Tandem stats.
@Suite struct LeaderboardTests {
    @Test(arguments: TestDatabaseKind.available)
    func finishedGamesRankWithTiesAroundMeAndAmongFriends(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let players = try await (0..<4).asyncMap { _ in try await server.guest() }
            let (a, b, c, d) = (players[0], players[1], players[2], players[3])
            // a wins twice, b and c once each, d never.
            _ = try await server.decide(winner: a, loser: d)
            _ = try await server.decide(winner: a, loser: b)
            _ = try await server.decide(winner: b, loser: d)
            _ = try await server.decide(winner: c, loser: d)
            let wins = try await server.board("/leaderboards/quortex.wins", as: a)
            #expect(wins.map(\.rank) == [1, 2, 2, 4])
            #expect(wins.first?.user == a.user && wins.first?.score == 2 && wins.last?.user == d.user && wins.last?.score == 0)
            // Paging keeps ranks: the second page of one starts inside the tie.
            let first = try await server.call(.get, "/leaderboards/quortex.wins?limit=2", as: a)
            let next = try #require(first.json["next"] as? String)
            let second = try await server.board("/leaderboards/quortex.wins?limit=2&cursor=\(next)", as: a)
            #expect(second.map(\.rank) == [2, 4])
            #expect(first.json["total"] as? Int == 4)
            // Around c: everyone within one place.
            let around = try await server.call(.get, "/leaderboards/quortex.wins/around-me?radius=1", as: c)
            #expect((around.json["me"] as? [String: Any])?["rank"] as? Int == 2)
            #expect((around.json["entries"] as? [Any])?.count == 3)
            // Friends only: d and b are friends; ranked among themselves.
            try await server.befriend(d, b)
            let friends = try await server.board("/leaderboards/quortex.wins/friends", as: d)
            #expect(friends.map(\.user) == [b.user, d.user] && friends.map(\.rank) == [1, 2])
            // Games played counts every game; fewest tiles has no entry (nobody won by flow).
            #expect(try await server.board("/leaderboards/quortex.games", as: a).first { $0.user == d.user }?.score == 3)
            #expect(try await server.board("/leaderboards/quortex.fewest_tiles", as: a).isEmpty)
            // This week's and today's boards hold the same games; last year's is empty and still answers.
            #expect(try await server.board("/leaderboards/quortex.wins?period=weekly", as: a).count == 4)
            #expect(try await server.board("/leaderboards/quortex.wins?period=daily&key=2025-01-01", as: a).isEmpty)
            // The first win unlocked an achievement; the profile shows it and nothing private.
            let mine = try await server.call(.get, "/users/me/achievements?game=quortex", as: a)
            let firstWin = (mine.json["achievements"] as? [[String: Any]])?.first { $0["key"] as? String == "first_win" }
            #expect(firstWin?["unlocked_at"] != nil && firstWin?["progress"] as? Int == 1)
            let profile = try await server.call(.get, "/users/\(a.user)", as: b)
            #expect((profile.json["totals"] as? [String: Any])?["wins"] as? Int == 2)
            #expect((profile.json["achievements"] as? [Any])?.count == 1 && profile.json["email"] == nil && profile.json["identities"] == nil)
        }
    }

    @Test func badLeaderboardRequestsAreRefused() async throws {
        try await withOnlinePlayServer { server in
            let a = try await server.guest()
            let cases: [(String, Int)] = [
                ("/leaderboards/quortex.nothing", 404), ("/leaderboards/quortex.wins?period=yearly", 400),
                ("/leaderboards/quortex.wins?period=weekly&key=2027-W53", 400), ("/leaderboards/quortex.wins?period=daily&key=2025-02-29", 400),
                ("/leaderboards/tandem.best_streak?period=daily", 400), ("/leaderboards/quortex.wins?cursor=bm9wZQ", 400),
                ("/leaderboards/quortex.wins/around-me?radius=26", 400), ("/leaderboards/quortex.wins?limit=101", 400),
                ("/achievements?game=chess", 404),
            ]
            for (path, status) in cases {
                let answer = try await server.call(.get, path, as: a)
                #expect(answer.status == status, "\(path)")
                #expect((answer.json["error"] as? [String: Any])?["code"] != nil, "\(path)")
            }
            let listed = try await server.call(.get, "/leaderboards", as: a)
            let ids = (listed.json["leaderboards"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            #expect(ids.contains("quortex.fewest_tiles") && ids.contains("crazy-eights.best_score") && ids.contains("tandem.current_streak"))
            // Hidden achievements show only their points.
            let catalogue = try await server.call(.get, "/achievements?game=quortex", as: a)
            let hidden = (catalogue.json["achievements"] as? [[String: Any]])?.first { $0["hidden"] as? Bool == true }
            #expect(hidden != nil && hidden?["name"] == nil && hidden?["points"] != nil)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func replayedResultsChangeNothingAndPeriodsSplitAtMidnight(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let a = try await server.guest()
            let b = try await server.guest()
            let catalogue = SocialCatalogue(engines: GameEngines(GameRegistry([Quortex.self])))
            let recorder = ResultRecorder(catalogue: catalogue)
            let lastSecond = Int64(CivilDayFixture.millis(2026, 12, 31)) - 1000
            let midnight = Int64(CivilDayFixture.millis(2026, 12, 31))
            @Sendable func game(_ at: Int64) -> RecordedGame {
                RecordedGame(game: UUID(), gameType: "quortex", endedAt: at, seats: [
                    RecordedSeat(user: a.user, seat: 0, statistics: ["won": 1, "played": 1]),
                    RecordedSeat(user: b.user, seat: 1, statistics: ["won": 0, "played": 1]),
                ])
            }
            let late = game(lastSecond)
            for _ in 0..<3 {
                let notices = try await server.database.transaction { sql in try await recorder.record(late, on: sql) }
                _ = notices
            }
            _ = try await server.database.transaction { sql in try await recorder.record(game(midnight), on: sql) }
            let day1 = try await server.board("/leaderboards/quortex.wins?period=daily&key=2026-12-30", as: a)
            let day2 = try await server.board("/leaderboards/quortex.wins?period=daily&key=2026-12-31", as: a)
            #expect(day1.first { $0.user == a.user }?.score == 1)
            #expect(day2.first { $0.user == a.user }?.score == 1)
            #expect(try await server.board("/leaderboards/quortex.wins?period=weekly&key=2026-W53", as: a).first?.score == 2)
            #expect(try await server.board("/leaderboards/quortex.wins", as: a).first?.score == 2)
            let progress = try await server.call(.get, "/users/me/achievements?game=quortex", as: a)
            let streak = (progress.json["achievements"] as? [[String: Any]])?.first { $0["key"] as? String == "win_streak_5" }
            #expect(streak?["progress"] as? Int == 2)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func tandemScoresFromSyncedStatsOnce(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let a = try await server.guest()
            let factory = SyncEventFactory(now: Date())
            let week = (0..<7).map { factory.game("phone", 7 - $0, daysAgo: $0) }
            try await server.pushTandem(Array(week.prefix(3)), as: a)
            try await server.pushTandem(Array(week.prefix(3)), as: a)
            // The same puzzle completed on a second device counts once.
            try await server.pushTandem([factory.game("tablet", 1, daysAgo: 0)], as: a)
            #expect(try await server.board("/leaderboards/tandem.games_won", as: a).first?.score == 3)
            try await server.pushTandem(week, as: a)
            #expect(try await server.board("/leaderboards/tandem.games_won", as: a).first?.score == 7)
            #expect(try await server.board("/leaderboards/tandem.best_streak", as: a).first?.score == 7)
            let progress = try await server.call(.get, "/users/me/achievements?game=tandem", as: a)
            let streak = (progress.json["achievements"] as? [[String: Any]])?.first { $0["key"] as? String == "streak_7" }
            #expect(streak?["unlocked_at"] != nil)
            // A reset lowers the all-time total: the board follows the projection, as the device does.
            try await server.pushTandem([factory.reset("phone", 8, seen: ["phone": 7])], as: a)
            #expect(try await server.board("/leaderboards/tandem.games_won", as: a).first?.score == 1)
        }
    }

    @Test func twoNodesOnOnePostgresAgreeOnRanks() async throws {
        guard TestDatabaseKind.available.contains(.postgres) else { return }
        try await withSharedPostgres { location in
            try await withOnlinePlayNode(at: location) { first in
                try await withOnlinePlayNode(at: location) { second in
                    let players = try await (0..<3).asyncMap { _ in try await first.guest() }
                    _ = try await first.decide(winner: players[0], loser: players[1])
                    #expect(try await second.board("/leaderboards/quortex.wins", as: players[2]).map(\.rank) == [1, 2])
                    _ = try await second.decide(winner: players[1], loser: players[2])
                    _ = try await second.decide(winner: players[1], loser: players[2])
                    let onFirst = try await first.board("/leaderboards/quortex.wins", as: players[0])
                    let onSecond = try await second.board("/leaderboards/quortex.wins", as: players[0])
                    #expect(onFirst.map(\.user) == [players[1].user, players[0].user, players[2].user])
                    #expect(onFirst.map(\.rank) == onSecond.map(\.rank) && onFirst.map(\.user) == onSecond.map(\.user))
                }
            }
        }
    }

    @Test func presenceAndUnlocksArePushed() async throws {
        try await withOnlinePlayServer { server in
            let ann = try await server.guest()
            let bob = try await server.guest()
            try await server.befriend(ann, bob)
            let port = try #require(server.client.port)
            let annSocket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: ann.token)
            defer { annSocket.close() }
            _ = try await annSocket.next("welcome")
            let bobSocket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: bob.token)
            _ = try await bobSocket.next("welcome")
            let online = try await annSocket.next("friend_presence")
            #expect(online.user == bob.user && annSocket.texts.last?.contains(#""online":true"#) == true)
            // Bob wins a game: the unlock is announced once, on his socket.
            _ = try await server.decide(winner: bob, loser: ann)
            try await Self.wait { bobSocket.texts.contains { $0.contains(#""type":"achievement_unlocked""#) && $0.contains("first_win") } }
            bobSocket.close()
            while true {
                let frame = try await annSocket.next("friend_presence")
                if frame.user == bob.user, annSocket.texts.last?.contains(#""online":false"#) == true { break }
            }
            #expect(bobSocket.texts.filter { $0.contains("achievement_unlocked") }.count == 1)
            // Ann blocks Bob: his next connection is no friend's, so Ann's presence never reaches it.
            // Cat, Ann's friend, hears Ann come and go; a notice reaches every follower at once,
            // so once Cat has it, anything for Bob would be queued before his next pong.
            #expect(try await server.relation(.put, "/blocks/\(bob.user)", as: ann).relation == "blocking")
            let cat = try await server.guest()
            try await server.befriend(cat, ann)
            let catSocket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: cat.token)
            let again = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: bob.token)
            defer { [catSocket, again].forEach { $0.close() } }
            _ = try await catSocket.next("welcome")
            _ = try await again.next("welcome")
            annSocket.close()
            try await Self.wait { catSocket.texts.contains { $0.contains(ann.user) && $0.contains(#""online":false"#) } }
            again.send(#"{"type":"ping","id":"after"}"#)
            _ = try await again.next("pong")
            #expect(!again.texts.contains { $0.contains("friend_presence") })
        }
    }
}

extension LeaderboardTests {
    static func wait(_ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestSetupError("timed out") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

enum CivilDayFixture {
    /// Milliseconds since 1970 at 00:00 UTC of the date.
    static func millis(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return Int((calendar.date(from: components)?.timeIntervalSince1970 ?? 0) * 1000)
    }
}
