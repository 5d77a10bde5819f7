import NIOCore
import NIOWebSocket

/// The server's half of the heartbeat, inside the socket's pipeline right after the WebSocket frame
/// decoder: every frame from the client counts as a sign of life, and the pongs that answer the
/// ``HubWatchdog``'s pings end here. With the pings written by the watchdog straight into the
/// channel, a heartbeat wakes none of the connection's tasks and needs no timer per socket (the
/// WebSocket layer's `autoPing` slept a task per socket: most of an idle server's CPU).
final class HeartbeatHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let connection: HubConnection

    private init(connection: HubConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.heard()
        // A pong that is not final is a protocol error the WebSocket layer answers, so it goes on.
        if case let frame = unwrapInboundIn(data), frame.opcode == .pong, frame.fin { return }
        context.fireChannelRead(data)
    }

    /// Puts a handler for `connection` behind `channel`'s frame decoder and lets the watchdog ping
    /// through `channel`.
    static func install(for connection: HubConnection, on channel: any Channel) async throws {
        try await channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(HeartbeatHandler(connection: connection), position: .after(decoder.handler))
        }.get()
        connection.attach(channel)
    }
}
