import GameSession
import Logging
import NIOCore
import NIOPosix

import struct Foundation.Data

/// A TCP connection of the party protocol, framed (`PartyFrameDecoder`) and watched for silence.
typealias PartyChannel = NIOAsyncChannel<ByteBuffer, ByteBuffer>

/// How long links wait. Sessions send heartbeats every half second, so these are generous.
public struct PartyLinkTimeouts: Hashable, Sendable {
    /// A link with nothing read for this long is closed as half-open.
    public var idle: Duration
    /// How long a joiner waits for the host's TCP connection to open.
    public var connect: Duration

    public init(idle: Duration = .seconds(10), connect: Duration = .seconds(5)) {
        self.idle = idle
        self.connect = connect
    }
}

extension PartyChannel {
    /// Adds framing and the idle check to a new connection and wraps it for async use.
    static func configure(_ channel: any Channel, timeouts: PartyLinkTimeouts) -> EventLoopFuture<PartyChannel> {
        channel.eventLoop.makeCompletedFuture {
            let idle = TimeAmount.nanoseconds(Int64(timeouts.idle / .nanoseconds(1)))
            try channel.pipeline.syncOperations.addHandlers([
                IdleStateHandler(readTimeout: idle), CloseWhenIdle(), ByteToMessageHandler(PartyFrameDecoder()),
            ])
            return try PartyChannel(wrappingChannelSynchronously: channel)
        }
    }
}

/// An established, encrypted link to one peer. Frames handed to `send` are sealed and written in
/// order by the link's own writer; the nonce of each is its position, so order is everything.
final class PartyLink: Sendable {
    let peer: PeerID
    private let queue: AsyncStream<Data>.Continuation
    private let frames: AsyncStream<Data>
    private let channel: any Channel

    init(peer: PeerID, channel: any Channel) {
        self.peer = peer
        self.channel = channel
        (frames, queue) = AsyncStream.makeStream(of: Data.self)
    }

    func send(_ frame: Data) { queue.yield(frame) }

    func close() { channel.close(promise: nil) }

    /// Carries frames both ways until the connection ends or a frame fails to open; returns why
    /// it ended when that was a refused frame. `deliver` gets each opened frame in order.
    func carry(
        _ inbound: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        keys: (sending: PartyCipher, receiving: PartyCipher), logger: Logger, deliver: (Data) async -> Void
    ) async -> PartyNetworkError? {
        let frames = self.frames
        let allocator = channel.allocator
        let writer = Task {
            var cipher = keys.sending
            for await frame in frames {
                guard let sealed = try? cipher.seal(frame) else { break }
                do {
                    try await outbound.write(PartyFrameDecoder.framed(sealed, allocator: allocator))
                } catch {
                    break
                }
            }
        }
        var cipher = keys.receiving
        var failure: PartyNetworkError?
        do {
            while let frame = try await inbound.next() {
                let opened = try cipher.open(frame.readableBytesView)
                await deliver(opened)
            }
        } catch let error as PartyNetworkError {
            logger.warning("refused a frame; closing the link", metadata: ["peer": "\(peer)", "error": "\(error)"])
            failure = error
        } catch {
            // The connection closed or was reset: the peer is gone.
        }
        queue.finish()
        writer.cancel()
        close()
        return failure
    }
}

extension NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator {
    /// The next handshake message; fails when the connection ends first or sends something else.
    mutating func nextHandshake() async throws -> PartyHandshakeMessage {
        guard let frame = try await next() else { throw PartyNetworkError.handshakeFailed }
        return try PartyHandshakeMessage.decode(frame.readableBytesView)
    }
}

extension NIOAsyncChannelOutboundWriter<ByteBuffer> {
    func write(_ message: PartyHandshakeMessage) async throws {
        try await write(PartyFrameDecoder.framed(try message.encoded(), allocator: ByteBufferAllocator()))
    }
}
