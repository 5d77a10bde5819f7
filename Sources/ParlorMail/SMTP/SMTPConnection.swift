import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One connection to a relay: commands out, replies in, and the switch to TLS.
struct SMTPConnection: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<SMTPReplyHandler>
    let commandTimeout: TimeAmount

    /// Connects, with TLS from the start when `tls` is given.
    static func connect(
        host: String, port: Int, tls: NIOSSLContext?, serverHostname: String?, connectTimeout: Duration, commandTimeout: Duration,
        group: any EventLoopGroup
    ) async throws -> SMTPConnection {
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(TimeAmount(connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverHostname))
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPReplyHandler())
                }
            }
        let channel = try await bootstrap.connect(host: host, port: port).get()
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: SMTPReplyHandler.self), eventLoop: channel.eventLoop)
        }.get()
        return SMTPConnection(channel: channel, handler: handler, commandTimeout: .init(commandTimeout))
    }

    /// The next reply from the server.
    func reply(_ step: String, timeout: TimeAmount? = nil) async throws -> SMTPReply {
        let handler = self.handler
        let loop = channel.eventLoop
        let wait = timeout ?? commandTimeout
        return try await loop.flatSubmit { handler.value.nextReply(timeout: wait, step: step, on: loop) }.get()
    }

    /// Sends one command line and reads its reply.
    func command(_ line: String, step: String? = nil, timeout: TimeAmount? = nil) async throws -> SMTPReply {
        try await write(line + "\r\n")
        return try await reply(step ?? String(line.prefix(4)), timeout: timeout)
    }

    func write(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Puts TLS under the conversation after the server agreed to `STARTTLS`.
    func startTLS(_ context: NIOSSLContext, serverHostname: String?) async throws {
        let handler = self.handler
        let channel = self.channel
        try await channel.eventLoop.submit {
            handler.value.discardBuffered()
            try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: context, serverHostname: serverHostname), position: .first)
        }.get()
    }

    func close() async {
        try? await channel.close().get()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
