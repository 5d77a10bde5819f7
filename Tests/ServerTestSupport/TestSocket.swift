import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import Testing

/// A real WebSocket client for the tests: it records every text message it receives and sends
/// what the test queues. With `reading: false` it never reads, like a client on a stalled network.
public final class TestSocket: Sendable {
    /// The fields of a server message the tests look at.
    public struct Message: Decodable, Sendable {
        public var type: String
        public var code: String?
        public var seq: Int?
        public var game: UUID?
        public var id: String?
        public var user: String?
        public var heartbeat: Int?
        public var text: String?
        public var message: String?
        public var moveID: String?

        enum CodingKeys: String, CodingKey {
            case type, code, seq, game, id, user, heartbeat, text, message
            case moveID = "move_id"
        }
    }

    private enum Outgoing: Sendable {
        case text(String)
        case binary(ByteBuffer)
        case close
    }

    private struct Received {
        var texts: [String] = []
        var cursor = 0
    }

    private final class Box: Sendable {
        let state = Mutex(Received())
    }

    /// Shared with the client's task, which fills it.
    private let received: Box
    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let task: Task<WebSocketCloseFrame?, any Error>

    public init(url: String, token: String? = nil, reading: Bool = true) {
        let (stream, outgoing) = AsyncStream.makeStream(of: Outgoing.self)
        self.outgoing = outgoing
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers, closeTimeout: .seconds(2))
        var logger = Logger(label: "realtime-test-client")
        logger.logLevel = .critical
        let received = Box()
        self.received = received
        task = Task {
            try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await item in stream {
                            switch item {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let bytes): try await outbound.write(.binary(bytes))
                            case .close:
                                try await outbound.close(.normalClosure, reason: nil)
                                return
                            }
                        }
                    }
                    if reading {
                        for try await message in inbound.messages(maxSize: 1 << 22) {
                            if case .text(let text) = message { received.state.withLock { $0.texts.append(text) } }
                        }
                    } else {
                        // Never read: the server's frames pile up in the socket buffers.
                        while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
                    }
                    group.cancelAll()
                }
            }
        }
    }

    public func send(_ text: String) { outgoing.yield(.text(text)) }
    public func send(binary bytes: [UInt8]) { outgoing.yield(.binary(ByteBuffer(bytes: bytes))) }
    public func close() { outgoing.yield(.close) }
    public func abandon() { task.cancel() }

    /// The next message not yet returned, waiting up to `timeout` for it.
    /// The default bounds a hang, not a speed: beside the CPU-bound suites, CI has seen a
    /// message take more than 5 s to arrive.
    public func next(timeout: Duration = .seconds(30)) async throws -> Message {
        try JSONDecoder().decode(Message.self, from: Data(try await nextText(timeout: timeout).utf8))
    }

    /// The next message not yet returned, as the text received.
    public func nextText(timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let text: String? = received.state.withLock { state in
                guard state.cursor < state.texts.count else { return nil }
                defer { state.cursor += 1 }
                return state.texts[state.cursor]
            }
            if let text { return text }
            guard ContinuousClock.now < deadline else { throw TestSocketError.noMessage }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Skips messages until one of `type`.
    public func next(_ type: String, timeout: Duration = .seconds(30)) async throws -> Message {
        while true {
            let message = try await next(timeout: timeout)
            if message.type == type { return message }
        }
    }

    /// Returns once the server has sent this socket everything already on its way to it: a notice
    /// is queued on every follower's connection before anyone hears it, and ahead of this ping.
    public func settle() async throws {
        let id = UUID().uuidString
        send(#"{"type":"ping","id":"\#(id)"}"#)
        while try await next("pong").id != id {}
    }

    /// Every message received so far, the ones already returned included.
    /// The latest message received, decoded.
    public var last: Message? {
        received.state.withLock { $0.texts.last }.flatMap { try? JSONDecoder().decode(Message.self, from: Data($0.utf8)) }
    }

    /// Every text frame received so far, as the server sent it.
    public var texts: [String] { received.state.withLock { $0.texts } }

    public var all: [Message] {
        received.state.withLock { $0.texts }.compactMap { try? JSONDecoder().decode(Message.self, from: Data($0.utf8)) }
    }

    /// How the server closed the connection (nil without a close frame); waits for the end.
    public func closed() async throws -> WebSocketCloseFrame? {
        try await task.value
    }
}

public enum TestSocketError: Error {
    case noMessage
}
