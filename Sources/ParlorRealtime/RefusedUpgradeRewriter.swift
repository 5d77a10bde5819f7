import Foundation
import Hummingbird
import NIOCore
import NIOHTTPTypes
import ParlorAccounts
import ParlorHTTP
import ParlorPlay

/// Turns the empty `400` that hummingbird-websocket writes for a refused upgrade into the `401`
/// JSON error envelope that ``RealtimeRoutes`` refused it with, so a client with a bad token is
/// told so (and can refresh it) in the same format as every other Parlor error.
///
/// It sits in every HTTP/1 connection's pipeline (hummingbird adds it only after an upgrade was
/// attempted and refused, or to a plain HTTP connection) and does nothing unless
/// ``RealtimeUpgradeGate`` holds a refusal for this very connection.
final class RefusedUpgradeRewriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let gate: RealtimeUpgradeGate
    private var refusal: APIError?

    init(gate: RealtimeUpgradeGate) {
        self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        refusal = gate.takeRefusal(from: context.channel.remoteAddress)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard let refusal else {
            context.write(data, promise: promise)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .badRequest:
            var headers = refusal.headers
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.contentLength] = String(Self.body(for: refusal).readableBytes)
            headers[.connection] = "close"
            let rewritten = HTTPResponse(status: refusal.status, headerFields: headers)
            context.write(wrapOutboundOut(.head(rewritten)), promise: promise)
        case .end(let trailers):
            self.refusal = nil
            context.write(wrapOutboundOut(.body(Self.body(for: refusal))), promise: nil)
            context.write(wrapOutboundOut(.end(trailers)), promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    private static func body(for error: APIError) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let envelope = ErrorEnvelope(error: .init(code: error.code, message: error.message, fields: nil))
        return ByteBuffer(bytes: (try? encoder.encode(envelope)) ?? Data())
    }
}
