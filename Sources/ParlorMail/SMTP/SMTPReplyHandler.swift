import NIOCore
import NIOSSL

/// Splits what the server sends into replies (a multi-line reply is `250-…` lines ending with
/// `250 …`) and hands each to the oldest waiter. Lives on its channel's event loop: every method
/// is called there.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var buffer: [UInt8] = []
    private var partial: [String] = []
    private var replies: [SMTPReply] = []
    private var waiting: [EventLoopPromise<SMTPReply>] = []
    private var failure: (any Error)?
    private var context: ChannelHandlerContext?
    /// A reply longer than this is not SMTP; the connection is dropped rather than buffered forever.
    private static let maxLineBytes = 4096

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer += bytes.readBytes(length: bytes.readableBytes) ?? []
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            take(String(decoding: line, as: UTF8.self))
        }
        if buffer.count > Self.maxLineBytes { fail(SMTPError.malformedReply(String(decoding: buffer.prefix(80), as: UTF8.self))) }
    }

    private func take(_ line: String) {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)), (200..<600).contains(code),
            bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-")
        else { return fail(SMTPError.malformedReply(line)) }
        partial.append(bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : "")
        guard bytes.count == 3 || bytes[3] == UInt8(ascii: " ") else { return }
        let reply = SMTPReply(code: code, lines: partial)
        partial = []
        if waiting.isEmpty {
            replies.append(reply)
        } else {
            waiting.removeFirst().succeed(reply)
        }
    }

    /// The next reply, failing after `timeout` (and closing the connection, which is then useless).
    func nextReply(timeout: TimeAmount, step: String, on loop: any EventLoop) -> EventLoopFuture<SMTPReply> {
        if !replies.isEmpty { return loop.makeSucceededFuture(replies.removeFirst()) }
        if let failure { return loop.makeFailedFuture(failure) }
        let promise = loop.makePromise(of: SMTPReply.self)
        waiting.append(promise)
        let handler = NIOLoopBound(self, eventLoop: loop)
        let timer = loop.scheduleTask(in: timeout) { handler.value.fail(SMTPError.timeout(step)) }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        return promise.futureResult
    }

    /// Forgets anything received so far: after `STARTTLS`, bytes sent in clear before the
    /// handshake could be an attacker's and must not be read as replies.
    func discardBuffered() {
        buffer = []
        partial = []
        replies = []
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(SMTPError.connectionClosed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A relay that hangs up without TLS's close_notify has simply hung up.
        if case .uncleanShutdown = error as? NIOSSLError { return fail(SMTPError.connectionClosed) }
        fail(error)
    }

    private func fail(_ error: any Error) {
        if failure == nil { failure = error }
        let pending = waiting
        waiting = []
        for promise in pending { promise.fail(error) }
        context?.close(promise: nil)
    }
}
