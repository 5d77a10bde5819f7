import NIOCore
import NIOWebSocket

/// Refuses, right behind the frame decoder, the frames RFC 6455 says a server must fail the
/// connection for and the decoder lets through: a client frame without a mask, and reserved bits
/// set when no extension was agreed. (The aggregator behind it would hide both: its whole
/// messages are unmasked and have no reserved bits.) ``RealtimeChannelHandler`` closes with 1002.
final class ClientFrameCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// What was wrong with a frame.
    struct Fault: Error {
        let reason: String
    }

    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        let frame = unwrapInboundIn(data)
        if frame.maskKey == nil {
            fail(context, "client frames must be masked")
        } else if frame.rsv1 || frame.rsv2 || frame.rsv3 {
            fail(context, "no extension was agreed")
        } else {
            context.fireChannelRead(data)
        }
    }

    private func fail(_ context: ChannelHandlerContext, _ reason: String) {
        failed = true
        context.fireErrorCaught(Fault(reason: reason))
    }
}
