/// The one source of randomness for every game: a SplitMix64 generator (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014).
///
/// It is a value kept in the game state, so `(settings, seed, actions)` replays a game bit for bit.
/// `split()` derives an independent generator (for a bot, a sub-game, a shuffle) without
/// disturbing the parent's stream. Bounded integers and shuffles are implemented here rather than
/// taken from the standard library, whose algorithms are not promised to stay the same across
/// Swift versions or platforms.
public struct GameRandom: RandomNumberGenerator, Hashable, Sendable {
    private static let goldenGamma: UInt64 = 0x9e37_79b9_7f4a_7c15

    private var seed: UInt64
    private let gamma: UInt64

    public init(seed: GameSeed) {
        self.seed = seed.value
        self.gamma = Self.goldenGamma
    }

    /// A generator for a separate purpose (a bot, a deck) that must not share the game's stream:
    /// the same `seed` with different `stream` numbers gives unrelated sequences.
    public init(seed: GameSeed, stream: UInt64) {
        self.seed = Self.mix64(seed.value ^ Self.mix64(stream &* Self.goldenGamma))
        self.gamma = Self.mixGamma(stream &+ Self.goldenGamma)
    }

    private init(seed: UInt64, gamma: UInt64) {
        self.seed = seed
        self.gamma = gamma
    }

    public mutating func next() -> UInt64 {
        Self.mix64(nextSeed())
    }

    /// An independent generator; this one advances by two draws.
    public mutating func split() -> GameRandom {
        GameRandom(seed: next(), gamma: Self.mixGamma(nextSeed()))
    }

    /// A uniformly distributed integer in `0..<bound` (Lemire's multiply-and-reject method).
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "nextInt(below:) needs a positive bound")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }

    /// Fisher–Yates, from the back.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, nextInt(below: index + 1))
        }
    }

    /// One element chosen uniformly, or nil for an empty collection.
    public mutating func element<Element>(of elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[nextInt(below: elements.count)]
    }

    private mutating func nextSeed() -> UInt64 {
        seed &+= gamma
        return seed
    }

    private static func mix64(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// An odd gamma with enough bit transitions to give a good stream.
    private static func mixGamma(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 33)) &* 0xff51_afd7_ed55_8ccd
        z = (z ^ (z >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        z = (z ^ (z >> 33)) | 1
        return (z ^ (z >> 1)).nonzeroBitCount < 24 ? z ^ 0xaaaa_aaaa_aaaa_aaaa : z
    }
}

extension GameRandom: Codable {
    private enum CodingKeys: String, CodingKey { case seed, gamma }

    /// Both words as 16 hex digits: JSON numbers lose precision above 2^53 in most other languages.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func word(_ key: CodingKeys) throws -> UInt64 {
            let text = try container.decode(String.self, forKey: key)
            guard text.count == 16, let value = UInt64(text, radix: 16) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected 16 hex digits")
            }
            return value
        }
        let gamma = try word(.gamma)
        guard gamma & 1 == 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .gamma, in: container, debugDescription: "gamma must be odd")
        }
        self.init(seed: try word(.seed), gamma: gamma)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.hex(seed), forKey: .seed)
        try container.encode(Self.hex(gamma), forKey: .gamma)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
