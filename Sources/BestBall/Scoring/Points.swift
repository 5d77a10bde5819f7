/// Fantasy points held exactly, in hundredths, so sums and ties never depend on floating point.
/// In JSON a plain number with up to two decimals (12.3 is 12.30 points).
public struct Points: Codable, Sendable, Hashable, Comparable, AdditiveArithmetic, CustomStringConvertible {
    public var hundredths: Int

    public init(hundredths: Int) { self.hundredths = hundredths }

    public static let zero = Points(hundredths: 0)

    /// Parses "12.34", "-2", "0.5"; nil for anything else or more than two decimals.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let negative = trimmed.hasPrefix("-")
        let digits = negative ? trimmed.dropFirst() : Substring(trimmed)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), parts[0].allSatisfy(\.isASCIIDigit),
            whole < 1_000_000
        else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let decimals = parts[1]
            guard (1...2).contains(decimals.count), decimals.allSatisfy(\.isASCIIDigit), let value = Int(decimals) else { return nil }
            fraction = decimals.count == 1 ? value * 10 : value
        }
        hundredths = (whole * 100 + fraction) * (negative ? -1 : 1)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Double.self)
        guard value.isFinite, abs(value) < 1_000_000 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "points must be a number below 1,000,000")
        }
        hundredths = Int((value * 100).rounded())
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Double(hundredths) / 100)
    }

    public static func < (lhs: Points, rhs: Points) -> Bool { lhs.hundredths < rhs.hundredths }
    public static func + (lhs: Points, rhs: Points) -> Points { Points(hundredths: lhs.hundredths + rhs.hundredths) }
    public static func - (lhs: Points, rhs: Points) -> Points { Points(hundredths: lhs.hundredths - rhs.hundredths) }

    public var description: String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
