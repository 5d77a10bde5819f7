import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import ParlorRealtime

/// The check behind the frame decoder: what RFC 6455 says a server fails the connection for, and
/// what it passes on untouched.
@Suite struct ClientFrameCheckTests {
    static let mask = WebSocketMaskingKey([0x11, 0x22, 0x33, 0x44])

    func frame(masked: Bool = true, rsv1: Bool = false, rsv2: Bool = false, rsv3: Bool = false, text: String = "hello") -> WebSocketFrame {
        WebSocketFrame(
            fin: true, rsv1: rsv1, rsv2: rsv2, rsv3: rsv3, opcode: .text, maskKey: masked ? Self.mask : nil,
            data: ByteBuffer(string: text))
    }

    /// The reason the check gave when `frame` went in, or nil when it passed.
    func refusal(of frame: WebSocketFrame, in channel: EmbeddedChannel) -> String? {
        do {
            try channel.writeInbound(frame)
            return nil
        } catch let fault as ClientFrameCheck.Fault {
            return fault.reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func aMaskedFrameWithoutReservedBitsPassesUntouched() throws {
        let channel = EmbeddedChannel(handler: ClientFrameCheck())
        let sent = frame(text: "{\"type\":\"ping\"}")
        #expect(refusal(of: sent, in: channel) == nil)
        let passed = try #require(try channel.readInbound(as: WebSocketFrame.self))
        #expect(passed == sent)
        #expect(try channel.finish().isClean)
    }

    @Test func anUnmaskedClientFrameIsRefused() throws {
        let channel = EmbeddedChannel(handler: ClientFrameCheck())
        #expect(refusal(of: frame(masked: false), in: channel) == "client frames must be masked")
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil, "nothing reaches the aggregator")
    }

    @Test(arguments: [(true, false, false), (false, true, false), (false, false, true)])
    func aReservedBitWithoutAnExtensionIsRefused(bits: (Bool, Bool, Bool)) throws {
        let channel = EmbeddedChannel(handler: ClientFrameCheck())
        #expect(refusal(of: frame(rsv1: bits.0, rsv2: bits.1, rsv3: bits.2), in: channel) == "no extension was agreed")
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
    }

    @Test func afterARefusalNothingMorePassesAndNoSecondFaultIsRaised() throws {
        let channel = EmbeddedChannel(handler: ClientFrameCheck())
        #expect(refusal(of: frame(masked: false), in: channel) != nil)
        // The connection is being failed: a good frame behind the bad one is dropped quietly.
        #expect(refusal(of: frame(), in: channel) == nil)
        #expect(refusal(of: frame(masked: false), in: channel) == nil)
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
    }
}
