import Foundation
import GameCore
import NIOWebSocket
@testable import ParlorPlay
@testable import ParlorRealtime
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import WSCore

@Suite struct RealtimeMessageTests {
    @Test func pingIsAnsweredWithPong() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"ping","id":"p-1"}"#)
            socket.send(#"{"type":"ping"}"#)
            let first = try await socket.next()
            let second = try await socket.next()
            #expect(first.type == "pong" && first.id == "p-1")
            #expect(second.type == "pong" && second.id == nil)
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func badMessagesGetErrorsAndTheConnectionLives() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            let cases: [(send: @Sendable (TestSocket) -> Void, code: String)] = [
                ({ $0.send("{not json") }, "malformed"),
                ({ $0.send("[1,2,3]") }, "malformed"),
                ({ $0.send(#"{"type":42}"#) }, "malformed"),
                ({ $0.send(#"{"type":"teleport"}"#) }, "unsupported"),
                ({ $0.send(#"{"type":"subscribe"}"#) }, "malformed"),
                ({ $0.send(#"{"type":"subscribe","game":"not-a-uuid"}"#) }, "malformed"),
                ({ $0.send(#"{"type":"resign","game":"\#(UUID())"}"#) }, "malformed"),
                ({ $0.send(#"{"type":"move","moveId":"m-1"}"#) }, "malformed"),
                ({ $0.send(#"{"type":"chat","game":"\#(UUID())","text":7}"#) }, "malformed"),
                ({ $0.send(#"{"type":"authenticate","token":"good-bob"}"#) }, "unsupported"),
                ({ $0.send(binary: [0x00, 0xFF, 0x10]) }, "unsupported"),
            ]
            for (send, code) in cases {
                send(socket)
                let answer = try await socket.next()
                #expect(answer.type == "error")
                #expect(answer.code == code)
            }
            socket.send(#"{"type":"ping","id":"still-here"}"#)
            #expect(try await socket.next().id == "still-here")
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func aMoveReachesTheGameServiceAsSent() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            let game = UUID()
            socket.send(#"{"type":"move","game":"\#(game)","move_id":"c-7","action":{"cell":"d4","rotation":2},"seq":3}"#)
            #expect(try await socket.next().type == "ack")
            let moves = server.play.recorded.withLock { $0.moves }
            let move = try #require(moves.first)
            #expect(moves.count == 1)
            #expect(move.game == game)
            #expect(move.moveID == "c-7")
            #expect(move.seq == 3)
            // This node holds no such game, so the action reaches the game service as its JSON.
            guard case .json(let action) = move.action else {
                Issue.record("expected the action as JSON, got \(move.action)")
                return
            }
            #expect(try JSONDecoder().decode(Placement.self, from: action) == Placement(cell: "d4", rotation: 2))
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func aRefusedChatIsAnsweredAndAnAcceptedOneIsSilent() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"chat","game":"\#(UUID())","text":"hi"}"#)
            socket.send(#"{"type":"chat","game":"\#(UUID())","text":"far too long for the fake"}"#)
            #expect(try await socket.next().code == "chat_too_long")
            socket.close()
            _ = try await socket.closed()
        }
    }

    @Test func aMessageOverTheLimitClosesAsTooBig() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            let huge = #"{"type":"chat","game":"\#(UUID())","text":""# + String(repeating: "x", count: 20 * 1024) + #""}"#
            socket.send(huge)
            let close = try await socket.closed()
            #expect(close?.closeCode == .messageTooLarge)
            #expect(await eventually { server.hub.connectionCount == 0 })
        }
    }

    /// A signed-in socket on a server whose per-socket message rate is `burst`, then `rate` a second.
    private func withRateLimitedSocket(
        burst: Int, rate: Double, strikes: Int, _ body: @escaping @Sendable (TestSocket) async throws -> Void
    ) async throws {
        let configuration = RealtimeConfiguration.forTests {
            $0.messageBurst = burst
            $0.messagesPerSecond = rate
            $0.rateLimitStrikes = strikes
        }
        try await withRealtimeServer(configuration: configuration) { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            try await body(socket)
        }
    }

    @Test func floodingIsRefusedThenClosed() async throws {
        try await withRateLimitedSocket(burst: 5, rate: 1, strikes: 3) { socket in
            for n in 0..<12 { socket.send(#"{"type":"ping","id":"\#(n)"}"#) }
            let close = try await socket.closed()
            #expect(close?.closeCode == .policyViolation)
            #expect(close?.reason == "rate limit exceeded")
            let received = socket.all
            // The burst is served; the next three are refused, the third refusal closes.
            #expect(received.filter { $0.type == "pong" }.map(\.id) == ["0", "1", "2", "3", "4"])
            #expect(received.filter { $0.code == "rate_limited" }.count == 3)
        }
    }

    @Test func aMoveRefusedForTheRateIsNamedByItsGameAndMoveID() async throws {
        try await withRateLimitedSocket(burst: 1, rate: 0.01, strikes: 5) { socket in
            let game = UUID()
            socket.send(#"{"type":"ping","id":"first"}"#)
            _ = try await socket.next("pong")
            socket.send(#"{"type":"move","game":"\#(game)","move_id":"m-7","action":"a1r0","seq":3}"#)
            let refused = try await socket.next("error")
            #expect(refused.code == "rate_limited" && refused.game == game && refused.moveID == "m-7")
            // What names no game, or is not JSON at all, is refused all the same, naming nothing.
            socket.send(#"{"type":"ping","id":"second"}"#)
            let unnamed = try await socket.next("error")
            #expect(unnamed.code == "rate_limited" && unnamed.game == nil && unnamed.moveID == nil)
            socket.send("not json")
            let unreadable = try await socket.next("error")
            #expect(unreadable.code == "rate_limited" && unreadable.game == nil && unreadable.moveID == nil)
        }
    }

    private struct Placement: Decodable, Equatable {
        var cell: String
        var rotation: Int
    }
}
