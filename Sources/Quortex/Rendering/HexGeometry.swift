/// The shapes inside one pointy-top hex of circumradius `size`, around any centre. The board
/// uses it for its cells and the renderer for the drawn tile beside the board, so both are drawn
/// with exactly the same curves.
///
/// Directions follow the engine: 0…5 = SW, W, NW, NE, E, SE, clockwise on screen (y grows
/// downwards). Direction `d` points at angle 120° + 60°·d from the x axis; corner `i` sits at
/// 90° + 60°·i, so the edge facing direction `d` runs from corner `d` to corner `d + 1`.
public struct HexGeometry: Hashable, Sendable {
    /// Circumradius: centre to corner, which is also the length of an edge.
    public var size: Double

    public init(size: Double) {
        self.size = size
    }

    /// √3/2, the apothem of a unit hex; spelled out so no trigonometry (or Foundation) is needed.
    static let halfRootThree = 3.0.squareRoot() / 2

    /// Unit vectors towards the six directions, SW…SE.
    static let directionVectors: [Point] = [
        Point(x: -0.5, y: halfRootThree), Point(x: -1, y: 0), Point(x: -0.5, y: -halfRootThree),
        Point(x: 0.5, y: -halfRootThree), Point(x: 1, y: 0), Point(x: 0.5, y: halfRootThree),
    ]

    /// Unit vectors towards the six corners: bottom, lower-left, upper-left, top, upper-right,
    /// lower-right.
    static let cornerVectors: [Point] = [
        Point(x: 0, y: 1), Point(x: -halfRootThree, y: 0.5), Point(x: -halfRootThree, y: -0.5),
        Point(x: 0, y: -1), Point(x: halfRootThree, y: -0.5), Point(x: halfRootThree, y: 0.5),
    ]

    /// Centre to the middle of an edge.
    public var apothem: Double { size * Self.halfRootThree }

    /// Distance between the centres of neighbouring cells: two apothems, size·√3.
    public var neighbourDistance: Double { 2 * apothem }

    /// The six corners, starting at the bottom and going clockwise.
    public func corners(around centre: Point) -> [Point] {
        Self.cornerVectors.map { centre + $0 * size }
    }

    /// The middle of the edge facing `direction`, where a connection enters or leaves the hex.
    public func edgeMidpoint(around centre: Point, _ direction: Direction) -> Point {
        centre + Self.directionVectors[direction.rawValue] * apothem
    }

    /// The edge facing `direction`, from corner `direction` to the next corner clockwise.
    public func edge(around centre: Point, _ direction: Direction) -> Segment {
        let corners = corners(around: centre)
        return Segment(start: corners[direction.rawValue], end: corners[(direction.rawValue + 1) % 6])
    }

    /// The connection between two edges as a cubic Bézier from `from`'s edge to `to`'s.
    ///
    /// Both ends leave their edge at a right angle, with the control points pulled towards the
    /// centre. The pull is chosen so each kind of connection matches the circle it stands for: a
    /// straight pair (opposite edges) stays a line; a sharp (adjacent edges) follows the 120° arc
    /// of radius size/2 around their shared corner; a wide pair (two apart) follows the 60° arc of
    /// radius 1.5·size around the centre of the neighbour between them. A Bézier with handles
    /// (4/3)·tan(θ/4)·r approximates an arc of angle θ and radius r within 0.03 %.
    public func curve(around centre: Point, from: Direction, to: Direction) -> Curve {
        let start = edgeMidpoint(around: centre, from)
        let end = edgeMidpoint(around: centre, to)
        let pull = Self.pull(separation: from.separation(to))
        return Curve(
            start: start, control1: start.interpolated(to: centre, pull),
            control2: end.interpolated(to: centre, pull), end: end)
    }

    /// The three connections of a tile as placed, in the order of `PlacedTile.pairs`.
    public func curves(around centre: Point, of tile: PlacedTile) -> [Curve] {
        tile.pairs.map { curve(around: centre, from: $0.0, to: $0.1) }
    }

    /// Handle length as a fraction of the apothem, by how many sixths of a turn apart the two
    /// edges are (1 sharp, 2 wide, 3 straight).
    static func pull(separation: Int) -> Double {
        switch separation {
        // (4/3)·tan(30°)·(size/2) / apothem = 4/9.
        case 1: 4.0 / 9.0
        // (4/3)·tan(15°)·(1.5·size) / apothem = 4·(2 − √3)/√3.
        case 2: 4 * (2 - 3.0.squareRoot()) / 3.0.squareRoot()
        // Any pull keeps a straight pair straight; two thirds spaces the four points evenly, so
        // the curve is travelled at constant speed.
        default: 2.0 / 3.0
        }
    }
}

extension Direction {
    /// How many sixths of a turn apart two directions are, 0…3.
    func separation(_ other: Direction) -> Int {
        let difference = ((rawValue - other.rawValue) % 6 + 6) % 6
        return min(difference, 6 - difference)
    }
}
