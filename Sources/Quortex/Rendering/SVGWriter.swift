/// Builds SVG text by hand: the renderer must not need Foundation (iOS and Linux builds stay
/// identical) and must write the same bytes for the same view, so numbers are formatted here
/// with a fixed number of decimals and every attribute is written in a fixed order.
struct SVGWriter {
    private(set) var text = ""
    private var depth = 0

    /// Opens `<name attributes…>`; pair with `close(_:)`.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<\(name)\(Self.attributeText(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    /// A childless element, `<name attributes…/>`.
    mutating func element(_ name: String, _ attributes: [(String, String)]) {
        line("<\(name)\(Self.attributeText(attributes))/>")
    }

    /// An element holding text, which is escaped here.
    mutating func textElement(_ name: String, _ attributes: [(String, String)], _ content: String) {
        line("<\(name)\(Self.attributeText(attributes))>\(Self.escaped(content))</\(name)>")
    }

    private mutating func line(_ content: String) {
        text += String(repeating: "  ", count: max(depth, 0)) + content + "\n"
    }

    private static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// Escapes the five XML specials and replaces characters XML 1.0 forbids (control characters
    /// other than tab, line feed and carriage return) with U+FFFD, so any player name yields a
    /// well-formed document and can never inject markup.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let forbidden = value < 0x20 || value == 0xFFFE || value == 0xFFFF
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    /// `value` rounded to `decimals` places, without trailing zeros or a negative zero:
    /// 12.5 → "12.5", 3.0 → "3", −0.001 → "0". Non-finite values become "0" so a degenerate
    /// size cannot produce invalid SVG.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        // Drawings are never a trillion units wide; the bound keeps `Int64(_:)` from trapping.
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        var scale = 1.0
        for _ in 0..<min(max(decimals, 0), 6) { scale *= 10 }
        let units = Int64((abs(value) * scale).rounded())
        let wholeScale = Int64(scale)
        let whole = units / wholeScale
        var fraction = units % wholeScale
        var fractionDigits = min(max(decimals, 0), 6)
        while fractionDigits > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var text = units == 0 || value > 0 ? "" : "-"
        text += String(whole)
        if fractionDigits > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
        }
        return text
    }

    static func number(_ point: Point) -> String { "\(number(point.x)),\(number(point.y))" }

    /// `M … C …` path data for one curve.
    static func pathData(_ curve: Curve) -> String {
        "M\(number(curve.start)) C\(number(curve.control1)) \(number(curve.control2)) \(number(curve.end))"
    }

    /// Path data for curves joined end to start, as one continuous stroke.
    static func pathData(_ curves: [Curve]) -> String {
        guard let first = curves.first else { return "" }
        return "M\(number(first.start))"
            + curves.map { " C\(number($0.control1)) \(number($0.control2)) \(number($0.end))" }.joined()
    }

    /// A closed polygon's `points` attribute.
    static func points(_ points: [Point]) -> String { points.map { number($0) }.joined(separator: " ") }
}
