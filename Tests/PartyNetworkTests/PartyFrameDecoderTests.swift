import GameSession
import NIOCore
import NIOEmbedded
import Testing

@testable import PartyNetwork

/// The party link's framing on an EmbeddedChannel: lengths and bytes split however TCP splits
/// them, a length too large refused before it is buffered, and a silent link closed.
@Suite struct PartyFrameDecoderTests {
    func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(PartyFrameDecoder()))
        return channel
    }

    func frames(_ channel: EmbeddedChannel) throws -> [[UInt8]] {
        var read: [[UInt8]] = []
        while let frame = try channel.readInbound(as: ByteBuffer.self) { read.append(Array(frame.readableBytesView)) }
        return read
    }

    @Test func twoFramesInOneReadAreTwoFrames() throws {
        let channel = try channel()
        var bytes = PartyFrameDecoder.framed([1, 2, 3], allocator: channel.allocator)
        var second = PartyFrameDecoder.framed([9], allocator: channel.allocator)
        bytes.writeBuffer(&second)
        try channel.writeInbound(bytes)
        #expect(try frames(channel) == [[1, 2, 3], [9]])
        #expect(try channel.finish().isClean)
    }

    @Test func aFrameSplitAnywhereComesOutWhole() throws {
        let whole = Array(PartyFrameDecoder.framed(Array(0..<40), allocator: ByteBufferAllocator()).readableBytesView)
        // Every cut, including inside the 4-byte length.
        for cut in 1..<whole.count {
            let channel = try channel()
            try channel.writeInbound(ByteBuffer(bytes: whole[..<cut]))
            #expect(try frames(channel).isEmpty, "cut at \(cut): not whole yet")
            try channel.writeInbound(ByteBuffer(bytes: whole[cut...]))
            #expect(try frames(channel) == [Array(0..<40)], "cut at \(cut)")
        }
    }

    @Test func anEmptyFrameIsAFrame() throws {
        let channel = try channel()
        try channel.writeInbound(PartyFrameDecoder.framed([UInt8](), allocator: channel.allocator))
        #expect(try frames(channel) == [[]])
    }

    @Test func aLengthOverTheLimitIsRefusedBeforeItsBytesArrive() throws {
        let channel = try channel()
        var header = channel.allocator.buffer(capacity: 4)
        header.writeInteger(UInt32(PartyFrameDecoder.maximumBytes + 1))
        #expect(throws: PartyNetworkError.frameTooLarge) { try channel.writeInbound(header) }
        #expect(try frames(channel).isEmpty)

        // The largest allowed length is still waited for.
        let fine = try self.channel()
        var allowed = fine.allocator.buffer(capacity: 4)
        allowed.writeInteger(UInt32(PartyFrameDecoder.maximumBytes))
        try fine.writeInbound(allowed)
        #expect(try frames(fine).isEmpty)
    }

    @Test func aReadIdleEventClosesTheLinkAndOtherEventsPassOn() throws {
        let seen = EventRecorder()
        let channel = EmbeddedChannel(handlers: [CloseWhenIdle(), seen])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.write)
        #expect(channel.isActive, "nothing to write for a while is not a silent peer")
        #expect(seen.events == ["write"])
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(!channel.isActive, "nothing heard for the idle timeout: the peer is gone")
        #expect(seen.events == ["write"], "the read-idle event ends here")
    }
}

/// Notes the idle events that reach it.
private final class EventRecorder: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    // EmbeddedChannel runs every handler on the test's thread.
    var events: [String] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent { events.append("\(idle)") }
        context.fireUserInboundEventTriggered(event)
    }
}
