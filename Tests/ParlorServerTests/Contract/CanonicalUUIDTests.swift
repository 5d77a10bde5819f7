import Foundation
import GameCore
import ParlorAPI
import Testing

@Suite("Canonical UUID text")
struct CanonicalUUIDTests {
    @Test("written as uuidString.lowercased() writes it, byte for byte")
    func writesFoundationsText() {
        var ids = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
        ids.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        ids += (0..<1_000).map { _ in UUID() }
        for id in ids {
            #expect(id.canonicalText == id.uuidString.lowercased())
            #expect(UUID(canonicalText: id.canonicalText.utf8) == id)
        }
    }

    @Test("canonical text reads as UUID(uuidString:) reads it; anything else is left to it, and parsing agrees with it always")
    func readsAsFoundationReadsIt() {
        var random = GameRandom(seed: GameSeed(41))
        let alphabet = Array("0123456789abcdefABCDEFgG-{} ".utf8)
        var texts = [UUID().uuidString, UUID().uuidString.lowercased(), "", "-", String(repeating: "-", count: 36)]
        for _ in 0..<2_000 {
            var text = Array(UUID().uuidString.utf8)
            switch random.nextInt(below: 4) {
            case 0: text[random.nextInt(below: 36)] = alphabet[random.nextInt(below: alphabet.count)]
            case 1: text.remove(at: random.nextInt(below: 36))
            case 2: text.insert(alphabet[random.nextInt(below: alphabet.count)], at: random.nextInt(below: 37))
            default: text.swapAt(random.nextInt(below: 36), random.nextInt(below: 36))
            }
            texts.append(String(decoding: text, as: UTF8.self))
        }
        var fast = 0
        for text in texts {
            let expected = UUID(uuidString: text)
            #expect(UUID(parsing: text) == expected, "\(text)")
            // Foundation also takes a space or a minus sign for a hex digit (its `sscanf`); the
            // canonical reader takes no such text, and `UUID(parsing:)` then asks Foundation.
            if let read = UUID(canonicalText: text.utf8) {
                #expect(read == expected, "\(text)")
                fast += 1
            }
        }
        // Both kinds were tried, and Foundation took some text the canonical reader left to it.
        #expect(fast > 100 && fast < texts.count - 100)
        #expect(texts.contains { UUID(canonicalText: $0.utf8) == nil && UUID(uuidString: $0) != nil })
    }

    @Test("a frame's UUID field is written canonical and read in any case Foundation reads")
    func wireUUIDRoundTrips() throws {
        let id = UUID()
        let encoded = try JSONEncoder().encode(["game": WireUUID(wrappedValue: id)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"game":"\#(id.uuidString.lowercased())"}"#)
        let upper = Data(#"{"game":"\#(id.uuidString)"}"#.utf8)
        #expect(try JSONDecoder().decode([String: WireUUID].self, from: upper)["game"]?.wrappedValue == id)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String: WireUUID].self, from: Data(#"{"game":"g"}"#.utf8)) }
    }
}
