import Foundation
import GameCore
import Quortex
import Testing

/// The direct encoder says what `JSONEncoder` says: the same JSON value for the same input, the
/// same refusals, and a fallback where it cannot stream.
@Suite struct DirectJSONEncoderTests {
    /// Both encodings read back as JSON values, which must be equal (key order aside).
    static func expectSameJSON<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let direct = try DirectJSONEncoder().encode(value)
        let foundation = try JSONEncoder().encode(value)
        let decoder = JSONDecoder()
        let got = try decoder.decode(JSONValue.self, from: Data(direct))
        let expected = try decoder.decode(JSONValue.self, from: foundation)
        #expect(got == expected, "\(String(decoding: direct, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    struct Inner: Codable { var name: String; var tags: [String]; var score: Double? }
    enum Kind: Codable { case plain, counted(Int), named(first: String, last: String?) }
    struct Outer: Codable {
        var id: UUID
        var inner: Inner
        var inners: [Inner]
        var missing: Int?
        var kinds: [Kind]
        var byName: [String: Int]
        var byNumber: [Int: String]
        var nested: [[Int]]
        var flag: Bool
        var data: Data
        var url: URL
        var date: Date
        var big: Int64
        var unsigned: UInt64
        var small: Int8
    }

    @Test func aRichValueEncodesToTheSameJSON() throws {
        let outer = Outer(
            id: UUID(), inner: Inner(name: "a \"quoted\" \\ slash / tab\t newline\n bell\u{07} é 🎲", tags: [], score: 0.1),
            inners: [Inner(name: "", tags: ["x", "y"], score: nil), Inner(name: "z", tags: [""], score: -2.5e-7)],
            missing: nil, kinds: [.plain, .counted(-3), .named(first: "Ann", last: nil), .named(first: "Bo", last: "Lee")],
            byName: ["one": 1, "": 0], byNumber: [2: "two", -1: "minus"], nested: [[], [1], [2, 3]], flag: true,
            data: Data([0, 1, 2, 250]), url: URL(string: "https://example.com/a?b=c")!, date: Date(timeIntervalSince1970: 1_700_000_000.25),
            big: .max, unsigned: .max, small: -128)
        try Self.expectSameJSON(outer)
        try Self.expectSameJSON([1.0, 100.0, 1e300, -0.0, 123.456])
        try Self.expectSameJSON("just a string")
        try Self.expectSameJSON(["a \"quoted\" / slash", "", "é\n🎲", "\u{1}"])
        try Self.expectSameJSON([[String]]())
        try Self.expectSameJSON(Optional<Int>.none)
    }

    /// Every ASCII character alone (small strings) and all together, then in a long string whose
    /// only escape is its last byte: the scan of a string's contiguous UTF-8 must miss none.
    @Test func everyStringIsEscapedAsJSONEncoderEscapesIt() throws {
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        try Self.expectSameJSON(ascii)
        try Self.expectSameJSON(ascii.joined())
        let long = String(repeating: "quortex é 🎲 ", count: 40)
        for last in ["\"", "\\", "/", "\n", "\u{1F}", "x"] { try Self.expectSameJSON(long + last) }
        #expect(String(decoding: try DirectJSONEncoder().encode("a\"/\u{1}\\"), as: UTF8.self) == #""a\"\/\u0001\\""#)
    }

    @Test func aRealGameViewEncodesToTheSameJSON() throws {
        var state = try Quortex.initialState(
            players: [GamePlayer(id: "a", name: "A"), GamePlayer(id: "b", name: "B")], settings: QuortexSettings(), seed: GameSeed(7))
        for _ in 0..<12 {
            guard let placement = state.position.legalPlacements.first else { break }
            state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
        }
        for seat in [0, 1] { try Self.expectSameJSON(QuortexView(state: state, viewer: .player(seat: seat))) }
        try Self.expectSameJSON(QuortexView(state: state, viewer: .spectator))
    }

    /// A type that asks for its container twice writes one object, as with `JSONEncoder`.
    struct TwoCalls: Encodable {
        enum A: String, CodingKey { case a }
        enum B: String, CodingKey { case b }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: A.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: B.self)
            try second.encode([2], forKey: .b)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct HoldsNothing: Encodable { var nothing = Nothing(); var after = 1 }

    @Test func aTrustedFragmentIsCopiedAsItIsAndOtherEncodersGetItsValue() throws {
        struct Message: Encodable {
            var seq: Int
            var action: JSONFragment?
            var notation: JSONFragment
            var none: JSONFragment?
        }
        let message = Message(
            seq: 3, action: JSONFragment(trusted: #"{"place":"d4r2","n":[1,2.5,true,null]}"#), notation: JSONFragment(trusted: #""d4r2""#), none: nil)
        let direct = String(decoding: try DirectJSONEncoder().encode(message), as: UTF8.self)
        #expect(direct == #"{"seq":3,"action":{"place":"d4r2","n":[1,2.5,true,null]},"notation":"d4r2"}"#)
        try Self.expectSameJSON(message)
    }

    @Test func containersAskedForTwiceAndEmptyValuesMatch() throws {
        try Self.expectSameJSON(TwoCalls())
        try Self.expectSameJSON(HoldsNothing())
        try Self.expectSameJSON([Nothing(), Nothing()])
    }

    /// Writing into a nested container after leaving it cannot stream: refused, then encoded by
    /// `JSONEncoder` through the fallback.
    struct Interleaved: Encodable {
        enum Keys: String, CodingKey { case first, second, value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .first)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .second)
            try second.encode(2, forKey: .value)
            try first.encode(1, forKey: .value)
        }
    }

    struct UsesSuper: Encodable {
        enum Keys: String, CodingKey { case x }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .x)
            try 5.encode(to: container.superEncoder())
        }
    }

    @Test func whatCannotStreamFallsBackToJSONEncoder() throws {
        #expect(throws: DirectJSONEncoder.Unsupported.self) { try DirectJSONEncoder().encode(Interleaved()) }
        #expect(throws: DirectJSONEncoder.Unsupported.self) { try DirectJSONEncoder().encode(UsesSuper()) }
        for value in [AnyEncodable(Interleaved()), AnyEncodable(UsesSuper())] {
            let fallback = try DirectJSONEncoder().encodeOrFallback(value)
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(fallback)) == JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)))
        }
    }

    struct AnyEncodable: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    @Test func nonFiniteNumbersAreRefusedAsByJSONEncoder() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try DirectJSONEncoder().encode([number]) }
            #expect(throws: EncodingError.self) { try JSONEncoder().encode([number]) }
        }
    }
}
