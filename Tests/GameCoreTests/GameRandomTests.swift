import Foundation
import GameCore
import Testing

@Suite struct GameRandomTests {
    @Test func matchesTheReferenceSplitMix64Sequence() {
        // First outputs of SplitMix64 seeded with 0 (the reference C implementation by Vigna).
        var random = GameRandom(seed: 0)
        #expect(random.next() == 0xe220_a839_7b1d_cdaf)
        #expect(random.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(random.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func theSameSeedGivesTheSameStream() {
        var a = GameRandom(seed: 42)
        var b = GameRandom(seed: 42)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        var c = GameRandom(seed: 43)
        var d = GameRandom(seed: 42)
        #expect(c.next() != d.next())
    }

    @Test func splittingGivesAnIndependentReproducibleStream() {
        var parent = GameRandom(seed: 7)
        var child = parent.split()
        let childDraws = (0..<50).map { _ in child.next() }
        let parentDraws = (0..<50).map { _ in parent.next() }
        #expect(Set(childDraws).isDisjoint(with: parentDraws))

        var again = GameRandom(seed: 7)
        var sameChild = again.split()
        #expect((0..<50).map { _ in sameChild.next() } == childDraws)
        #expect((0..<50).map { _ in again.next() } == parentDraws)

        var streamA = GameRandom(seed: 7, stream: 1)
        var streamB = GameRandom(seed: 7, stream: 2)
        #expect(streamA.next() != streamB.next())
    }

    @Test func survivesACodableRoundTripMidStream() throws {
        var random = GameRandom(seed: 99)
        _ = (0..<13).map { _ in random.next() }
        let data = try JSONEncoder().encode(random)
        var decoded = try JSONDecoder().decode(GameRandom.self, from: data)
        #expect((0..<20).map { _ in decoded.next() } == (0..<20).map { _ in random.next() })
        // Words are hex strings, safe from JSON number precision loss.
        #expect(String(decoding: data, as: UTF8.self).contains("\"seed\":\""))
    }

    @Test func rejectsMalformedEncodings() {
        for json in [#"{"seed":"12","gamma":"9e3779b97f4a7c15"}"#, #"{"seed":"0000000000000000","gamma":"9e3779b97f4a7c14"}"#,
            #"{"seed":1,"gamma":"9e3779b97f4a7c15"}"#, #"{"seed":"zzzzzzzzzzzzzzzz","gamma":"9e3779b97f4a7c15"}"#]
        {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(GameRandom.self, from: Data(json.utf8)) }
        }
    }

    @Test func boundedIntegersStayInRangeAndCoverIt() {
        var random = GameRandom(seed: 5)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 {
            let value = random.nextInt(below: 6)
            counts[value] += 1
        }
        // Each face within 5% of its expected 10 000.
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 })
        #expect(random.nextInt(below: 1) == 0)
        let huge = random.nextInt(below: Int.max)
        #expect(huge >= 0)
    }

    @Test func shuffleIsADeterministicPermutation() {
        var a = GameRandom(seed: 3)
        var b = GameRandom(seed: 3)
        var first = Array(0..<40)
        var second = Array(0..<40)
        a.shuffle(&first)
        b.shuffle(&second)
        #expect(first == second)
        #expect(first.sorted() == Array(0..<40))
        #expect(first != Array(0..<40))
        var empty: [Int] = []
        a.shuffle(&empty)
        #expect(empty.isEmpty)
        #expect(a.element(of: [Int]()) == nil)
    }

    @Test func seedsAreDecimalStringsAndAcceptNumbers() throws {
        #expect(try JSONEncoder().encode([GameSeed(UInt64.max)]) == Data(#"["18446744073709551615"]"#.utf8))
        #expect(try JSONDecoder().decode([GameSeed].self, from: Data("[12, \"13\"]".utf8)) == [12, 13])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([GameSeed].self, from: Data(#"["-1"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([GameSeed].self, from: Data(#"["x"]"#.utf8)) }
        #expect(GameSeed("77") == 77)
        #expect(GameSeed("seven") == nil)
    }
}
