import Foundation
import ParlorHTTP

/// A small line chart drawn as SVG by the server: fixed slots along x (one per sample, the
/// newest at the right edge), zero to a round maximum along y, each line's last value written
/// beside it.
///
/// Every piece of text in it is a number this type formats or a fixed label given by the
/// console's own code, and all of it is XML-escaped besides, so the page may embed the result
/// unescaped.
package struct LineChart: Sendable {
    package struct Series: Sendable {
        package var label: String
        /// Oldest first; nil is a gap (nothing measured then).
        package var values: [Double?]
        /// `line` or `line second` (the style sheet's colours).
        package var style: String

        package init(label: String, values: [Double?], style: String = "line") {
            self.label = label
            self.values = values
            self.style = style
        }
    }

    package var title: String
    package var series: [Series]
    /// Slots along x: the newest value sits in the last one.
    package var slots: Int
    /// Appended to the numbers written on the chart (`/s`, ` ms`).
    package var unit: String
    /// Shown in place of lines when no series has a value.
    package var emptyMessage: String
    package var leftLabel: String
    package var rightLabel: String

    package static let width = 600.0
    package static let height = 150.0
    static let left = 58.0
    static let right = 96.0
    static let top = 12.0
    static let bottom = 22.0

    package init(
        title: String, series: [Series], slots: Int, unit: String, emptyMessage: String, leftLabel: String = "an hour ago", rightLabel: String = "now"
    ) {
        self.title = title
        self.series = series
        self.slots = max(2, slots)
        self.unit = unit
        self.emptyMessage = emptyMessage
        self.leftLabel = leftLabel
        self.rightLabel = rightLabel
    }

    /// The top of the y axis: the largest value rounded up to 1, 2 or 5 times a power of ten.
    package var maximum: Double {
        let largest = series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite).max() ?? 0
        guard largest > 0 else { return 1 }
        let power = pow(10, floor(log10(largest)))
        for step in [1.0, 2, 5, 10] where step * power >= largest { return step * power }
        return 10 * power
    }

    /// Where `value` at `index` of a series of `count` values is drawn.
    package func point(index: Int, of count: Int, value: Double) -> (x: Double, y: Double) {
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let slot = slots - count + index
        let x = Self.left + plotWidth * Double(slot) / Double(slots - 1)
        let y = Self.top + plotHeight * (1 - min(max(value, 0), maximum) / maximum)
        return (x, y)
    }

    package var svg: String {
        let bottomY = Self.height - Self.bottom
        let rightX = Self.width - Self.right
        var out = #"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(Self.number(Self.width)) \#(Self.number(Self.height))" role="img" aria-label="\#(Self.escape(title))">"#
        out += "<title>\(Self.escape(title))</title>"
        out += line(Self.left, Self.top, Self.left, bottomY) + line(Self.left, bottomY, rightX, bottomY)
        out += text(Self.left, Self.height - 6, leftLabel, anchor: "start")
        out += text(rightX, Self.height - 6, rightLabel, anchor: "end")
        let drawn = series.filter { $0.values.contains { $0 != nil } }
        if !drawn.isEmpty {
            out += text(Self.left - 6, Self.top + 4, Self.format(maximum) + unit, anchor: "end")
            out += text(Self.left - 6, bottomY, "0", anchor: "end")
        } else {
            out += text((Self.left + rightX) / 2, (Self.top + bottomY) / 2 + 4, emptyMessage, anchor: "middle")
        }
        var labelYs: [Double] = []
        for one in drawn {
            let count = one.values.count
            var segment: [(Double, Double)] = []
            func flush() {
                if segment.count > 1 {
                    out += #"<polyline class="\#(Self.escape(one.style))" points="\#(segment.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " "))"/>"#
                }
                segment = []
            }
            for (index, value) in one.values.enumerated() {
                guard let value, value.isFinite else {
                    flush()
                    continue
                }
                let at = point(index: index, of: count, value: value)
                segment.append((at.x, at.y))
            }
            flush()
            guard let lastIndex = one.values.lastIndex(where: { $0 != nil }), let last = one.values[lastIndex] else { continue }
            let at = point(index: lastIndex, of: count, value: last)
            out += #"<circle class="\#(Self.escape(one.style))" cx="\#(Self.number(at.x))" cy="\#(Self.number(at.y))" r="2.5"/>"#
            // Keep two series' labels from printing over each other.
            var labelY = at.y + 4
            while labelYs.contains(where: { abs($0 - labelY) < 12 }) { labelY += 12 }
            labelYs.append(labelY)
            out += text(at.x + 6, labelY, "\(one.label) \(Self.format(last))\(unit)", anchor: "start")
        }
        return out + "</svg>"
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        #"<line class="axis" x1="\#(Self.number(x1))" y1="\#(Self.number(y1))" x2="\#(Self.number(x2))" y2="\#(Self.number(y2))"/>"#
    }

    private func text(_ x: Double, _ y: Double, _ content: String, anchor: String) -> String {
        #"<text x="\#(Self.number(x))" y="\#(Self.number(y))" text-anchor="\#(anchor)">\#(Self.escape(content))</text>"#
    }

    /// A coordinate: one decimal is finer than a pixel here.
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A value for people: three significant figures or so, no needless decimals.
    package static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 || value == value.rounded() { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        return String(format: magnitude >= 1 ? "%.2f" : "%.3f", value)
            .replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
