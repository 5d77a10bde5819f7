import Foundation
import NIOCore
import NIOWebSocket
@testable import ParlorRealtime
import ServerTestSupport
import Testing
import TestSupport

/// The WebSocket protocol around a session, as the server's own handler speaks it: control
/// frames, fragments, bad bytes and the closing handshake, seen frame by frame.
@Suite struct RealtimeProtocolTests {
    @Test func aPingIsAnsweredWithAPongCarryingItsData() async throws {
        try await withRealtimeServer { server in
            let pong = try await RawWebSocket.with(port: server.port, token: "good-alice") { frames, outbound in
                #expect(try await frames.nextText()?.contains(#""type":"welcome""#) == true)
                try await outbound.write(RawWebSocket.frame(.ping, Array("are you there".utf8)))
                return try await frames.nextFrame()
            }
            #expect(pong?.opcode == .pong)
            #expect(pong.map { String(buffer: $0.unmaskedData) } == "are you there")
        }
    }

    @Test func aMessageInFragmentsIsReadAsOne() async throws {
        try await withRealtimeServer { server in
            let answer = try await RawWebSocket.with(port: server.port, token: "good-alice") { frames, outbound in
                _ = try await frames.nextText()
                try await outbound.write(RawWebSocket.text(#"{"type":"pi"#, fin: false))
                // A control frame may come between the fragments of a message.
                try await outbound.write(RawWebSocket.frame(.ping, []))
                try await outbound.write(RawWebSocket.frame(.continuation, Array(#"ng","id":"#.utf8), fin: false))
                try await outbound.write(RawWebSocket.frame(.continuation, Array(#""in-pieces"}"#.utf8)))
                return try await frames.nextText()
            }
            let pong = try JSONDecoder().decode([String: String].self, from: Data((answer ?? "").utf8))
            #expect(pong == ["type": "pong", "id": "in-pieces"])
        }
    }

    @Test(arguments: [
        // Invalid UTF-8 in a text frame.
        ([RawWebSocket.frame(.text, [0x7B, 0xFF, 0xFE, 0x7D])], WebSocketErrorCode.dataInconsistentWithMessage),
        // A continuation with no message to continue.
        ([RawWebSocket.frame(.continuation, Array("{}".utf8))], .protocolError),
        // A new message before the last one's final fragment.
        ([RawWebSocket.text("{", fin: false), RawWebSocket.text("{}")], .protocolError),
        // Fragments each under the limit, over it together (the test limit is 16 KiB).
        (
            [RawWebSocket.text(String(repeating: " ", count: 6_000), fin: false)]
                + [false, true].map { RawWebSocket.frame(.continuation, Array(repeating: UInt8(ascii: " "), count: 6_000), fin: $0) },
            .messageTooLarge
        ),
        // A client frame without a mask.
        ([WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: #"{"type":"ping"}"#))], .protocolError),
        // A reserved bit with no extension agreed.
        ([WebSocketFrame(fin: true, rsv1: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: #"{"type":"ping"}"#))], .protocolError),
        // One frame over the limit.
        ([RawWebSocket.text(String(repeating: " ", count: 17_000))], .messageTooLarge),
    ])
    func aProtocolFaultClosesWithItsCode(frames sent: [WebSocketFrame], code: WebSocketErrorCode) async throws {
        try await withRealtimeServer { server in
            let close = try await RawWebSocket.with(port: server.port, token: "good-alice") { frames, outbound -> WebSocketFrame? in
                _ = try await frames.nextText()
                for frame in sent { try await outbound.write(frame) }
                while let frame = try await frames.nextFrame() {
                    if frame.opcode == .connectionClose { return frame }
                }
                return nil
            }
            #expect(close.flatMap(RawWebSocket.closeCode) == code)
            #expect(await eventually { server.hub.connectionCount == 0 })
        }
    }

    @Test func aClientsCloseIsAnsweredWithItsCodeAndTheSocketEnds() async throws {
        try await withRealtimeServer { server in
            let (answer, then) = try await RawWebSocket.with(port: server.port, token: "good-alice") { frames, outbound in
                _ = try await frames.nextText()
                var data = ByteBuffer()
                data.write(webSocketErrorCode: .goingAway)
                try await outbound.write(RawWebSocket.frame(.connectionClose, data.readableBytesView))
                let answer = try await frames.nextFrame()
                return (answer, try await frames.nextFrame())
            }
            #expect(answer?.opcode == .connectionClose)
            #expect(answer.flatMap(RawWebSocket.closeCode) == .goingAway)
            #expect(then == nil)
            #expect(await eventually { server.hub.connectionCount == 0 })
        }
    }

    /// The server's close frame waits `closeTimeout` (300 ms here) for the client's answer, then
    /// the server drops the connection itself.
    @Test func aClientThatNeverAnswersTheCloseIsDropped() async throws {
        try await withRealtimeServer { server in
            let started = ContinuousClock.now
            let frames = try await RawWebSocket.with(port: server.port, token: nil) { frames, outbound in
                try await outbound.write(RawWebSocket.text(#"{"type":"ping","id":"too-soon"}"#))
                var seen: [WebSocketOpcode] = []
                while let frame = try await frames.nextFrame() { seen.append(frame.opcode) }
                return seen
            }
            #expect(frames == [.text, .connectionClose])
            #expect(ContinuousClock.now - started < .seconds(10))
            #expect(await eventually { server.hub.connectionCount == 0 })
        }
    }

    /// A task runs a connection's jobs only while it has some: once served, an open socket holds none.
    @Test func anIdleSocketHoldsNoTask() async throws {
        try await withRealtimeServer { server in
            let socket = TestSocket(url: server.url, token: "good-alice")
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"subscribe","game":"\#(UUID())"}"#)
            _ = try await socket.next("state")
            socket.send(#"{"type":"ping","id":"last"}"#)
            _ = try await socket.next("pong")
            let connection = try #require(server.hub.connections(of: "alice").first)
            #expect(await eventually { connection.isIdle })
            socket.close()
            _ = try await socket.closed()
        }
    }
}
