import Foundation
import ParlorEvents
@testable import ParlorPlay
import ParlorRealtime
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import WSCore

@Suite struct RealtimeFanOutTests {
    /// Connects `user`, waits for `welcome`, subscribes to `games` and waits for their states.
    private func subscribed(_ server: RealtimeTestServer, _ user: String, to games: [UUID]) async throws -> TestSocket {
        let socket = TestSocket(url: server.url, token: "good-\(user)")
        _ = try await socket.next("welcome")
        for game in games {
            socket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            let state = try await socket.next()
            #expect(state.type == "state" && state.game == game)
        }
        return socket
    }

    @Test func gameNoticesReachOnlyTheGamesSubscribers() async throws {
        try await withRealtimeServer { server in
            let (first, second) = (UUID(), UUID())
            let alice = try await subscribed(server, "alice", to: [first])
            let bob = try await subscribed(server, "bob", to: [second])
            await server.move(first)
            await server.move(second)
            let seen = try await alice.next()
            #expect(seen.type == "move_made" && seen.game == first && seen.seq == 1)
            // Bob's next message is his own game's move: the other game's never reached him.
            let his = try await bob.next()
            #expect(his.type == "move_made" && his.game == second)
            alice.send(#"{"type":"ping","id":"a"}"#)
            #expect(try await alice.next().type == "pong")
            for socket in [alice, bob] { socket.close() }
            for socket in [alice, bob] { _ = try await socket.closed() }
        }
    }

    @Test func aMatchReachesEveryConnectionOfThatUserOnly() async throws {
        try await withRealtimeServer { server in
            let phone = try await subscribed(server, "alice", to: [])
            let tablet = try await subscribed(server, "alice", to: [])
            let bob = try await subscribed(server, "bob", to: [])
            let game = UUID()
            await server.bus.publish(GameNotice.matched(game: game, user: "alice"))
            for socket in [phone, tablet] {
                let found = try await socket.next()
                #expect(found.type == "match_found" && found.game == game)
            }
            bob.send(#"{"type":"ping","id":"b"}"#)
            #expect(try await bob.next().type == "pong")
            for socket in [phone, tablet, bob] { socket.close() }
            for socket in [phone, tablet, bob] { _ = try await socket.closed() }
        }
    }

    /// A move published while `subscribe` is under way is delivered exactly once, whether the
    /// state the game service answers with already contains it or not.
    @Test(arguments: [false, true])
    func aNoticeRacingSubscribeIsNeitherLostNorRepeated(snapshotBeforeDelay: Bool) async throws {
        let play = FakeRealtimePlay(subscribeDelay: .milliseconds(300), snapshotBeforeDelay: snapshotBeforeDelay)
        try await withRealtimeServer(play: play) { server in
            let game = UUID()
            await server.move(game)
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            #expect(await eventually { server.hub.subscriberCount(of: game) == 1 })
            await server.move(game)  // during subscribe
            let state = try await socket.next()
            #expect(state.type == "state")
            #expect(state.seq == (snapshotBeforeDelay ? 1 : 2))
            await server.move(game)  // after
            var moves: [Int] = []
            while moves.last != 3 { moves.append(try #require(try await socket.next("move_made").seq)) }
            #expect(moves == Array(((state.seq ?? 0) + 1)...3))
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func renderIsAskedAfterTheLastSequenceSentInOrder() async throws {
        try await withRealtimeServer { server in
            let game = UUID()
            await server.move(game)
            let socket = try await subscribed(server, "alice", to: [game])
            for _ in 0..<30 { await server.move(game) }
            _ = try await socket.next("move_made")
            #expect(await eventually { socket.all.last?.seq == 31 })
            let calls = server.play.recorded.withLock { $0.renders }.filter { $0.game == game }
            #expect(calls.first?.after == 1)  // the state's sequence
            for (previous, call) in zip(calls, calls.dropFirst()) { #expect(call.after == previous.returned) }
            #expect(socket.all.compactMap { $0.type == "move_made" ? $0.seq : nil } == Array(2...31))
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func closingUnsubscribesEveryGame() async throws {
        try await withRealtimeServer { server in
            let games = [UUID(), UUID()]
            let socket = try await subscribed(server, "alice", to: games)
            socket.close()
            _ = try await socket.closed()
            #expect(await eventually { server.hub.connectionCount == 0 })
            #expect(await eventually {
                Set(server.play.recorded.withLock { $0.unsubscribes.filter { $0.user == "alice" }.map(\.game) }) == Set(games)
            })
            for game in games { #expect(server.hub.subscriberCount(of: game) == 0) }
        }
    }

    @Test func unsubscribeStopsTheGamesNotices() async throws {
        try await withRealtimeServer { server in
            let game = UUID()
            let socket = try await subscribed(server, "alice", to: [game])
            socket.send(#"{"type":"unsubscribe","game":"\#(game)"}"#)
            #expect(await eventually { server.hub.subscriberCount(of: game) == 0 })
            #expect(server.play.recorded.withLock { $0.unsubscribes.count } == 1)
            await server.move(game)
            socket.send(#"{"type":"ping","id":"after"}"#)
            #expect(try await socket.next().type == "pong")
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func aRefusedSubscriptionIsNotKept() async throws {
        try await withRealtimeServer { server in
            let socket = try await subscribed(server, "alice", to: [])
            socket.send(#"{"type":"subscribe","game":"\#(FakeRealtimePlay.missingGame)"}"#)
            #expect(try await socket.next().code == "not_found")
            #expect(server.hub.subscriberCount(of: FakeRealtimePlay.missingGame) == 0)
            socket.close()
            _ = try await socket.closed()
            #expect(server.play.recorded.withLock { $0.unsubscribes.isEmpty })
        }
    }

    @Test func subscriptionsPerConnectionAreLimited() async throws {
        try await withRealtimeServer(configuration: .forTests { $0.maxSubscriptions = 2 }) { server in
            let socket = try await subscribed(server, "alice", to: [UUID(), UUID()])
            let third = UUID()
            socket.send(#"{"type":"subscribe","game":"\#(third)"}"#)
            let refused = try await socket.next()
            #expect(refused.type == "error" && refused.code == "rate_limited" && refused.game == third)
            #expect(server.hub.subscriberCount(of: third) == 0)
            socket.close()
            _ = try await socket.closed()
        }
    }
}
