/// A point in drawing coordinates: x grows to the right, y grows downwards (as in SVG and SwiftUI).
///
/// The renderer has its own small value types, rather than CoreGraphics ones, so the geometry
/// builds unchanged on Linux and a SwiftUI Canvas can convert with one line.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

    /// The point a fraction `t` of the way from this one to `other` (0 is this point, 1 is `other`).
    public func interpolated(to other: Point, _ t: Double) -> Point { self + (other - self) * t }

    /// Euclidean distance, for hit tests and for checking geometry in tests.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in drawing coordinates.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A straight line between two points, such as one hex edge of the board's border.
public struct Segment: Hashable, Sendable {
    public var start: Point
    public var end: Point

    public init(start: Point, end: Point) {
        self.start = start
        self.end = end
    }

    public var midpoint: Point { start.interpolated(to: end, 0.5) }
}

/// A cubic Bézier curve: the shape of one connection of a tile. SVG (`C`) and SwiftUI
/// (`addCurve(to:control1:control2:)`) both draw it natively.
public struct Curve: Hashable, Sendable {
    public var start: Point
    public var control1: Point
    public var control2: Point
    public var end: Point

    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// The same curve travelled the other way, so consecutive flow steps join end to start.
    public var reversed: Curve { Curve(start: end, control1: control2, control2: control1, end: start) }

    /// The point at parameter `t` in 0…1 (de Casteljau), for hit tests and tests.
    public func point(at t: Double) -> Point {
        let a = start.interpolated(to: control1, t)
        let b = control1.interpolated(to: control2, t)
        let c = control2.interpolated(to: end, t)
        let d = a.interpolated(to: b, t)
        let e = b.interpolated(to: c, t)
        return d.interpolated(to: e, t)
    }
}
