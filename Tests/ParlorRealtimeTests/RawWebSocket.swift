import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket client that handles nothing itself: the test writes frames as it builds them
/// (fragments, pings, bad bytes, close frames) and reads every frame the server sends, control
/// frames included, which a real client library hides.
enum RawWebSocket {
    typealias Inbound = NIOAsyncChannelInboundStream<WebSocketFrame>
    typealias Outbound = NIOAsyncChannelOutboundWriter<WebSocketFrame>

    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    struct Refused: Error {}

    /// Opens `/ws` on `port` (with a bearer `token` when given) and runs `body` on the socket,
    /// which is closed after.
    static func with<Result: Sendable>(
        port: Int, token: String?, _ body: (inout Inbound.AsyncIterator, Outbound) async throws -> Result
    ) async throws -> Result {
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 20) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            .upgraded(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                        }
                    }
                    var headers = HTTPHeaders([("Host", "127.0.0.1:\(port)"), ("Content-Length", "0")])
                    if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws", headers: headers),
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } }
                    )
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    // The server's first frame may arrive with its 101, in the same read.
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                }
            }
        guard case .upgraded(let socket) = try await upgrade.get() else { throw Refused() }
        return try await socket.executeThenClose { inbound, outbound in
            var frames = inbound.makeAsyncIterator()
            return try await body(&frames, outbound)
        }
    }

    /// A frame as a client must send it: masked.
    static func frame(_ opcode: WebSocketOpcode, _ bytes: some Sequence<UInt8>, fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, maskKey: .random(), data: ByteBuffer(bytes: Array(bytes)))
    }

    static func text(_ text: String, fin: Bool = true) -> WebSocketFrame { frame(.text, Array(text.utf8), fin: fin) }

    /// A close frame's code, nil when it has none.
    static func closeCode(_ frame: WebSocketFrame) -> WebSocketErrorCode? {
        var data = frame.unmaskedData
        return data.readWebSocketErrorCode()
    }
}

extension RawWebSocket.Inbound.AsyncIterator {
    /// The next frame that is not a server ping; nil once the socket is closed.
    mutating func nextFrame() async throws -> WebSocketFrame? {
        while let frame = try await next() {
            if frame.opcode != .ping { return frame }
        }
        return nil
    }

    /// The next text frame's text, skipping control frames; nil once the socket is closed.
    mutating func nextText() async throws -> String? {
        while let frame = try await nextFrame() {
            if frame.opcode == .text { return String(buffer: frame.unmaskedData) }
            if frame.opcode == .connectionClose { return nil }
        }
        return nil
    }
}
