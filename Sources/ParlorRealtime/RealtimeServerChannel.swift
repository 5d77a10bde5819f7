import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Every connection of the server: HTTP/1 for the router, or the real-time WebSocket at `/ws`.
///
/// Hummingbird's own WebSocket upgrade keeps a task suspended in every socket's handler for as
/// long as it is open, and that task's frames would be most of an idle socket's memory. Here an upgraded
/// socket is served by NIO handlers (``RealtimeChannelHandler``) and its connection's task ends at
/// the upgrade, so an idle socket is its channel, its handlers and its session.
///
/// A bearer token on the upgrade request is checked before upgrading: a bad one is answered
/// with a `401` error envelope instead of a socket.
struct RealtimeServerChannel: ServerChildChannel, HTTPChannelHandler {
    enum UpgradeResult: Sendable {
        case upgraded
        case notUpgraded(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case refused(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, APIError)
    }

    struct Value: ServerChildChannelValue {
        let upgrade: EventLoopFuture<UpgradeResult>
        let channel: any Channel
    }

    /// What the upgrade learnt, for the steps after it on the same event loop.
    private struct Attempt {
        var user: AuthenticatedUser?
        var refusal: APIError?
    }

    let responder: Responder
    let hub: RealtimeHub
    let http1: HTTP1Channel.Configuration

    init(responder: @escaping Responder, hub: RealtimeHub, http1: HTTP1Channel.Configuration) {
        self.responder = Self.refusingLateUpgrades(responder)
        self.hub = hub
        self.http1 = http1
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let attempt = NIOLoopBoundBox<Attempt?>(nil, eventLoop: channel.eventLoop)
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                maxFrameSize: hub.configuration.maxMessageBytes,
                shouldUpgrade: { channel, head in shouldUpgrade(head, channel, attempt) },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try serve(channel, user: attempt.value?.user, logger: logger)
                        return .upgraded
                    }
                }
            )
            let upgrades = NIOTypedHTTPServerUpgradeConfiguration(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try pipeline.addHandlers(http1.additionalChannelHandlers())
                        try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: http1.idleTimeout.map { Duration($0) }, logger: logger))
                        let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        guard let attempted = attempt.value else { return .notUpgraded(http) }
                        return .refused(http, attempted.refusal ?? .badRequest("not a valid WebSocket upgrade request"))
                    }
                }
            )
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrades)
            configuration.enablePipelining = false  // NIOAsyncChannel serves one request at a time
            configuration.enableErrorHandling = false  // answered by Hummingbird
            configuration.enableResponseHeaderValidation = false  // HTTPTypes validated them
            configuration.decoderConfiguration.maxHeaderFieldSize = http1.httpDecoder.maxHeaderFieldSize
            configuration.decoderConfiguration.maxHeaderListSize = http1.httpDecoder.maxHeaderListSize
            configuration.decoderConfiguration.maxHeaderFieldCount = http1.httpDecoder.maxHeaderFieldCount
            let upgrade = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            return Value(upgrade: upgrade, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.upgrade.get() {
            case .upgraded:
                // The socket's handlers serve it from here; no task waits on it.
                return
            case .notUpgraded(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .refused(let http, let refusal):
                try await http.executeThenClose { _, outbound in
                    var headers = refusal.headers
                    let body = Self.body(of: refusal)
                    headers[.contentType] = "application/json; charset=utf-8"
                    headers[.contentLength] = String(body.readableBytes)
                    headers[.connection] = "close"
                    try await outbound.write(contentsOf: [.head(HTTPResponse(status: refusal.status, headerFields: headers)), .body(body), .end(nil)])
                }
            }
        } catch {
            logger.trace("connection ended during the upgrade", metadata: ["error": "\(error)"])
        }
    }

    /// Upgrades a request for `/ws`, checking its bearer token first when it has one; a refusal
    /// is kept in `attempt` for the answer.
    private func shouldUpgrade(_ head: HTTPRequestHead, _ channel: any Channel, _ attempt: NIOLoopBoundBox<Attempt?>)
        -> EventLoopFuture<HTTPHeaders?>
    {
        attempt.value = Attempt()
        guard head.uri.split(separator: "?", maxSplits: 1).first == RealtimeProtocol.path[...] else {
            attempt.value?.refusal = .notFound("only \(RealtimeProtocol.path) accepts WebSocket upgrades")
            return channel.eventLoop.makeSucceededFuture(nil)
        }
        guard let token = RealtimeRoutes.bearerToken(head.headers.first(name: "authorization")) else {
            return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
        }
        let play = hub.play
        return hub.work.future(on: channel.eventLoop) { try await play.authenticate(token: token) }
            .map { user -> HTTPHeaders? in
                attempt.value?.user = user
                return HTTPHeaders()
            }
            .flatMapErrorThrowing { error in
                attempt.value?.refusal = (error as? APIError) ?? .unauthorized("invalid access token", code: "invalid_token")
                return nil
            }
    }

    /// Puts the session's handlers behind the frame decoder and starts it; a server shutting down
    /// closes the socket at once.
    private func serve(_ channel: any Channel, user: AuthenticatedUser?, logger: Logger) throws {
        guard let connection = hub.open() else {
            var data = channel.allocator.buffer(capacity: 32)
            data.write(webSocketErrorCode: RealtimeClose.shuttingDown.code)
            data.writeString(RealtimeClose.shuttingDown.reason)
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)).whenComplete { _ in
                channel.close(promise: nil)
            }
            return
        }
        let session = RealtimeSession(hub: hub, connection: connection, channel: channel, preauthenticated: user, logger: logger)
        let maxBytes = hub.configuration.maxMessageBytes
        try channel.pipeline.syncOperations.addHandlers([
            ClientFrameCheck(),
            NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: max(maxBytes / 64, 16), maxAccumulatedFrameSize: maxBytes),
            RealtimeChannelHandler(session: session),
        ])
        session.start()
    }

    /// An upgrade asked for on a connection that already served a request cannot be performed
    /// (NIO upgrades only a connection's first request): the client is told to retry on a new one.
    private static func refusingLateUpgrades(_ responder: @escaping Responder) -> Responder {
        { request, writer, channel in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                return try await responder(request, writer, channel)
            }
            let response = HTTPResponse(status: .temporaryRedirect, headerFields: [.connection: "close", .location: request.uri.description])
            try await writer.writeResponse(response)
            throw LateUpgrade()
        }
    }

    /// Thrown after the redirect, so the connection closes.
    private struct LateUpgrade: Error {}

    private static func body(of error: APIError) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let envelope = ErrorEnvelope(error: .init(code: error.code, message: error.message, fields: nil))
        return ByteBuffer(bytes: (try? encoder.encode(envelope)) ?? Data())
    }
}
