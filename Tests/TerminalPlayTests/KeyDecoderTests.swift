import Testing

@testable import TerminalPlay

@Suite struct KeyDecoderTests {
    @Test func arrowsControlKeysAndCharacters() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[Dr\r\t\u{1B}[Z?".utf8))
        #expect(keys == [.up, .down, .right, .left, .character("r"), .enter, .tab, .backTab, .character("?")])
        #expect(!decoder.isWaiting)
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsEnd() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode([UInt8(ascii: "[")]) == [])
        #expect(decoder.decode([UInt8(ascii: "C"), UInt8(ascii: "x")]) == [.right, .character("x")])
    }

    @Test func aLoneEscapeIsEscapeOnFlushAndOtherSequencesAreSkipped() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        // F5 (ESC [ 1 5 ~), UTF-8 and control bytes are no key; Ctrl-C means leave.
        #expect(decoder.decode(Array("\u{1B}[15~é\u{01}".utf8) + [0x03]) == [.character("q")])
        #expect(decoder.decode([0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
    }
}
