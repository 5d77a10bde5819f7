/// Partial curves, so a canvas can draw a flow growing along its path.
extension Curve {
    /// The part of the curve from its start to parameter `t` (0…1), itself a cubic Bézier: the
    /// first half of de Casteljau's subdivision at `t`.
    public func prefix(to t: Double) -> Curve {
        let t = min(max(t, 0), 1)
        let a = start.interpolated(to: control1, t)
        let b = control1.interpolated(to: control2, t)
        let c = control2.interpolated(to: end, t)
        let d = a.interpolated(to: b, t)
        let e = b.interpolated(to: c, t)
        return Curve(start: start, control1: a, control2: d, end: d.interpolated(to: e, t))
    }

    /// The length, measured along `segments` chords; the tile's curves are gentle, so sixteen
    /// chords are within a fraction of a percent.
    public func length(segments: Int = 16) -> Double {
        let count = max(segments, 1)
        var total = 0.0
        var previous = start
        for index in 1...count {
            let next = point(at: Double(index) / Double(count))
            total += previous.distance(to: next)
            previous = next
        }
        return total
    }
}
