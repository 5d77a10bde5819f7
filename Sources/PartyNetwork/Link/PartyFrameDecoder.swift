import GameSession
import NIOCore

/// Splits the TCP byte stream into frames, each sent as a 4-byte big-endian length and its bytes.
/// A length over `maximumBytes` ends the connection before anything that large is buffered.
struct PartyFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// A sealed `MessageCodec` frame (at most 1 MB) plus its authentication tag, with room to spare.
    static let maximumBytes = MessageCodec.maximumFrameBytes + 1024

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self) else { return .needMoreData }
        guard length <= Self.maximumBytes else { throw PartyNetworkError.frameTooLarge }
        guard buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 4)
        guard let frame = buffer.readSlice(length: Int(length)) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }

    /// `frame` with its length in front, as the decoder reads it.
    static func framed(_ frame: some Collection<UInt8>, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 4 + frame.count)
        buffer.writeInteger(UInt32(frame.count))
        buffer.writeBytes(frame)
        return buffer
    }
}

/// Closes a connection that has been silent for the idle timeout: sessions send heartbeats every
/// half second, so a silent link is a peer that vanished without closing (a half-open connection).
final class CloseWhenIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
