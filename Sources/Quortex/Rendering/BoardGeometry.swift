/// Where everything of the board lies in drawing coordinates, shared by the SVG renderer and
/// (later) a SwiftUI Canvas so both draw the same picture and hit-test the same cells.
///
/// Cells are pointy-top hexes (neighbours to the east and west) in axial coordinates: the centre
/// of (row, col) is x = size·√3·(col + row/2), y = size·1.5·row around the centre cell, shifted
/// so the board's bounding box starts at `origin`. Board side 0 is then the lower-left edge,
/// side 2 the top and side 5 the bottom, clockwise like the directions.
public struct BoardGeometry: Hashable, Sendable {
    public var hex: HexGeometry
    /// Top-left corner of the board's bounding box.
    public var origin: Point

    /// A board of hexes with circumradius `size` whose bounding box starts at `origin`.
    public init(size: Double, origin: Point = .zero) {
        hex = HexGeometry(size: size)
        self.origin = origin
    }

    /// A board with a margin of `padding` on every side; `canvasSize` includes the margins.
    public init(size: Double, padding: Double) {
        self.init(size: size, origin: Point(x: padding, y: padding))
    }

    /// The largest board that fits in `available`, centred in it, keeping `padding` free around it.
    public static func fitting(_ available: Size, padding: Double = 0) -> BoardGeometry {
        let width = max(available.width - 2 * padding, 0)
        let height = max(available.height - 2 * padding, 0)
        let size = min(width / boardWidthInSizes, height / boardHeightInSizes)
        let board = Size(width: size * boardWidthInSizes, height: size * boardHeightInSizes)
        return BoardGeometry(
            size: size,
            origin: Point(x: (available.width - board.width) / 2, y: (available.height - board.height) / 2))
    }

    public var size: Double { hex.size }

    /// The widest row (row 0) has 7 cells, each size·√3 wide.
    static let boardWidthInSizes = 7 * 3.0.squareRoot()
    /// Rows are 1.5·size apart; 6 row steps plus the top and bottom points reach 11·size.
    static let boardHeightInSizes = 11.0

    /// The bounding box of the 37 cells.
    public var boardSize: Size {
        Size(width: size * Self.boardWidthInSizes, height: size * Self.boardHeightInSizes)
    }

    /// The board plus the same margin right and below as `origin` leaves left and above: the
    /// size of a canvas that shows just the board.
    public var canvasSize: Size {
        Size(width: boardSize.width + 2 * origin.x, height: boardSize.height + 2 * origin.y)
    }

    /// The centre of the centre cell `d4`, the middle of the board.
    public var boardCentre: Point {
        Point(x: origin.x + boardSize.width / 2, y: origin.y + boardSize.height / 2)
    }

    public func centre(of cell: Cell) -> Point {
        let rootThree = 3.0.squareRoot()
        return boardCentre
            + Point(x: size * rootThree * (Double(cell.col) + Double(cell.row) / 2), y: size * 1.5 * Double(cell.row))
    }

    /// The six corners, from the bottom clockwise.
    public func corners(of cell: Cell) -> [Point] { hex.corners(around: centre(of: cell)) }

    /// The middle of the edge between `cell` and its neighbour in `direction`; the same point as
    /// the neighbour's edge midpoint in the opposite direction.
    public func edgeMidpoint(of cell: Cell, _ direction: Direction) -> Point {
        hex.edgeMidpoint(around: centre(of: cell), direction)
    }

    /// One connection of a tile on `cell`; see `HexGeometry.curve(around:from:to:)`.
    public func curve(in cell: Cell, from: Direction, to: Direction) -> Curve {
        hex.curve(around: centre(of: cell), from: from, to: to)
    }

    /// The three connections of `tile` lying on `cell`.
    public func curves(of tile: PlacedTile, in cell: Cell) -> [Curve] {
        hex.curves(around: centre(of: cell), of: tile)
    }

    /// The piece of the board's border where `port` leaves the board: its cell's outer edge in
    /// the port's direction.
    public func outerEdge(of port: Topology.Port) -> Segment {
        hex.edge(around: centre(of: port.cell), port.direction)
    }

    /// The outward unit vector of board side `side` (0 lower-left … 5 bottom), for placing labels
    /// beside a side.
    public static func outwardNormal(ofSide side: Int) -> Point {
        // Side k faces between directions k and k + 1, at 150° + 60°·k: the corner vector k + 1.
        HexGeometry.cornerVectors[((side + 1) % 6 + 6) % 6]
    }

    /// The cell under `point`, or nil off the board: rounds the fractional axial coordinates to
    /// the nearest hex in cube coordinates, which is exact for points inside a cell.
    public func cell(at point: Point) -> Cell? {
        guard size > 0 else { return nil }
        let local = point - boardCentre
        let row = local.y / (1.5 * size)
        let col = local.x / (3.0.squareRoot() * size) - row / 2
        // Far-off or non-finite points would trap in `Int(_:)`; none of them is on the board.
        guard abs(row) < 100, abs(col) < 100 else { return nil }
        let third = -row - col
        var roundedRow = row.rounded()
        var roundedCol = col.rounded()
        let roundedThird = third.rounded()
        let rowError = abs(roundedRow - row)
        let colError = abs(roundedCol - col)
        let thirdError = abs(roundedThird - third)
        if rowError > colError && rowError > thirdError {
            roundedRow = -roundedCol - roundedThird
        } else if colError > thirdError {
            roundedCol = -roundedRow - roundedThird
        }
        let cell = Cell(row: Int(roundedRow), col: Int(roundedCol))
        return cell.isOnBoard ? cell : nil
    }
}
