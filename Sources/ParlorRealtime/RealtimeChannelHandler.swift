import NIOCore
import NIOWebSocket
import ParlorAccounts

/// The end of an upgraded socket's pipeline, behind NIO's frame decoder, ``ClientFrameCheck`` and
/// NIO's aggregator: the WebSocket protocol around a ``RealtimeSession``, without a task.
///
/// It reads each whole message into the session's reader, answers pings, counts every frame as a
/// sign of life for the heartbeat (the ``HubWatchdog`` pings through the channel, and the pongs end
/// here), and runs the closing handshake: a close frame is answered in kind, one the server sends
/// waits at most `closeTimeout` for the client's answer before the TCP connection is dropped,
/// and nothing is written after a close frame.
final class RealtimeChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let session: RealtimeSession
    private var reader: RealtimeSession.InboundState
    /// Messages that arrived while an `authenticate` message's token was being checked.
    private var held: [String?] = []
    private var authenticating = false
    /// The reader queued a close: what the client sends from now on is ignored.
    private var stopped = false
    private var closeSent = false
    private var closeReceived = false
    private var closeTimer: Scheduled<Void>?

    init(session: RealtimeSession) {
        self.session = session
        reader = RealtimeSession.InboundState(user: session.preauthenticated, configuration: session.configuration)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        session.connection.heard()
        switch frame.opcode {
        case .text:
            // Invalid UTF-8 in a text message is the one error the protocol names a code for.
            guard let text = String(validating: frame.unmaskedData.readableBytesView, as: UTF8.self) else {
                return fail(RealtimeClose(code: .dataInconsistentWithMessage, reason: "text frames must be UTF-8"))
            }
            receive(text, context)
        case .binary:
            receive(nil, context)
        case .ping:
            guard !closeSent else { return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .connectionClose:
            peerClosed(frame, context)
        default:
            fail(RealtimeClose(code: .protocolError, reason: "unexpected frame"))
        }
    }

    private func receive(_ text: String?, _ context: ChannelHandlerContext) {
        guard !stopped else { return }
        guard !authenticating else {
            // As many as the rate allows at once; more is a flood, refused as one.
            guard held.count < session.configuration.messageBurst else { return fail(.rateLimited) }
            held.append(text)
            return
        }
        step(session.receive(text: text, &reader), context)
    }

    private func step(_ step: RealtimeSession.ReadStep, _ context: ChannelHandlerContext) {
        switch step {
        case .next:
            break
        case .stop:
            stopped = true
        case .authenticate(let token):
            authenticating = true
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            let play = session.play
            session.hub.work.future(on: context.eventLoop) { try await play.authenticate(token: token) }.whenComplete { result in
                handler.value.authenticated(result, loopContext.value)
            }
        }
    }

    private func authenticated(_ result: Result<AuthenticatedUser, any Error>, _ context: ChannelHandlerContext) {
        authenticating = false
        guard !stopped, !closeSent else { return }
        step(session.authenticated(result, &reader), context)
        let waiting = held
        held = []
        for text in waiting { receive(text, context) }
    }

    /// Ends the connection for a fault of the client's at the protocol level.
    private func fail(_ close: RealtimeClose) {
        stopped = true
        session.end(.close(close))
    }

    private func peerClosed(_ frame: WebSocketFrame, _ context: ChannelHandlerContext) {
        closeReceived = true
        stopped = true
        if closeSent {
            context.close(promise: nil)
        } else {
            // The answer carries the client's code back, as the protocol suggests.
            closeSent = true
            var payload = frame.unmaskedData
            let code = payload.readWebSocketErrorCode() ?? .normalClosure
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: code)
            let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
                loopContext.value.close(promise: nil)
            }
        }
        session.end(.peerClosed)
    }

    /// Writes the close frame, then waits for the client's (``peerClosed(_:_:)``) at most
    /// `closeTimeout`: a client that never reads could otherwise hold the socket open for good.
    private func sendClose(_ close: RealtimeClose, _ context: ChannelHandlerContext) {
        guard !closeSent else { return }
        closeSent = true
        stopped = true
        var data = context.channel.allocator.buffer(capacity: 2 + close.reason.utf8.count)
        data.write(webSocketErrorCode: close.code)
        data.writeString(close.reason)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
        let channel = context.channel
        closeTimer = context.eventLoop.scheduleTask(in: TimeAmount(session.configuration.closeTimeout)) {
            channel.close(promise: nil)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let request = event as? RealtimeSession.CloseRequest else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        sendClose(request.close, context)
        promise?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is ChannelShouldQuiesceEvent:
            session.end(.close(.shuttingDown))
        case let event as ChannelEvent where event == .inputClosed:
            // The client shut its side without a close frame: nothing more can come.
            context.close(promise: nil)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let error as NIOWebSocketFrameAggregator.Error:
            switch error {
            case .accumulatedFrameSizeIsTooLarge, .tooManyFragments: fail(.tooLarge)
            default: fail(RealtimeClose(code: .protocolError, reason: "bad fragmentation"))
            }
        case let fault as ClientFrameCheck.Fault:
            fail(RealtimeClose(code: .protocolError, reason: fault.reason))
        case is NIOWebSocketError:
            // `WebSocketProtocolErrorHandler`, ahead in the pipeline, has written the close frame
            // and closes the channel.
            closeSent = true
            stopped = true
        default:
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A token check still running finds nothing to serve.
        stopped = true
        closeTimer?.cancel()
        closeTimer = nil
        session.end(.peerClosed)
        context.fireChannelInactive()
    }
}
