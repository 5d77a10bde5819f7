import Quortex

/// Everything the board shows, derived from the view, the cursor and the last moves: what the SVG
/// renderer draws (every tile's paths, the flows in their seats' colours, the sides, the winning
/// path), plus what a table adds (the cursor, the legal cells, the last moves, the drawn tile).
/// It holds cells and directions, not pixels or characters: a SwiftUI `Canvas` turns them into
/// curves with ``Quortex/BoardGeometry`` (``curves(in:)``), the terminal into box-drawing text.
public struct QuortexBoardPicture: Equatable, Sendable {
    /// One of the 37 cells.
    public struct CellMark: Equatable, Sendable {
        public var cell: Cell
        /// Its name in move notation, `d4`.
        public var name: String
        public var tile: PlacedTile?
        /// The drawn tile may go here, turned as the cursor has it.
        public var isLegal: Bool
        public var isCursor: Bool
        /// Another player placed here in the moves announced, this seat.
        public var lastMoveBy: Int?
    }

    /// One path of a placed tile: two of its cell's edges joined.
    public struct TilePath: Equatable, Sendable {
        public var cell: Cell
        public var from: Direction
        public var to: Direction
        /// Seats whose flows run along it, in the order their flows are drawn (the last on top);
        /// empty for a path no flow reaches yet.
        public var seats: [Int]
        /// Part of a flow that won the game.
        public var isWinning: Bool
    }

    /// One flow: from a port of a seat's side through placed tiles, as the SVG draws it.
    public struct FlowPath: Equatable, Sendable {
        public var seat: Int
        /// The board side it starts from.
        public var side: Int
        public var steps: [Flow.Step]
        /// The side it leaves through; nil while it ends at an empty cell (it continues there).
        public var exitSide: Int?
        public var isWinning: Bool
        /// Its seat resigned: drawn grey and dashed.
        public var isResigned: Bool
        public var colour: RGBColor
    }

    /// What a board side means in this game.
    public enum SideRole: Equatable, Sendable {
        case owned(seat: Int)
        /// The unowned side a solo player must reach.
        case target(seat: Int)
        case unowned
    }

    public struct SideMark: Equatable, Sendable {
        /// 0 lower left, 1 upper left, 2 top, 3 upper right, 4 lower right, 5 bottom.
        public var side: Int
        public var role: SideRole
        /// Who starts or ends here: `P1`, `P2 goal`, `P1&P4` for a team.
        public var label: String
        /// The seats named in `label`, in order, to colour each.
        public var seats: [Int]
        public var colour: RGBColor
    }

    /// A row letter or column digit of the move notation, beside the first cell of its row or
    /// column, one step off the board in `direction`.
    public struct AxisLabel: Equatable, Sendable {
        public var text: String
        public var cell: Cell
        public var direction: Direction
    }

    /// The tile to place, turned as the cursor has it.
    public struct DrawnTile: Equatable, Sendable {
        public var tile: PlacedTile
        /// Its three paths, each with the smaller direction first.
        public var paths: [(from: Direction, to: Direction)]

        public static func == (lhs: DrawnTile, rhs: DrawnTile) -> Bool {
            lhs.tile == rhs.tile
        }
    }

    public var cells: [CellMark]
    public var paths: [TilePath]
    public var flows: [FlowPath]
    public var sides: [SideMark]
    /// `a`…`g` beside the west end of each row.
    public var rowLabels: [AxisLabel]
    /// `1`…`7` beside the lower end of each column.
    public var columnLabels: [AxisLabel]
    public var drawnTile: DrawnTile?
    /// Seats whose flow won the game, for a caption under the board.
    public var winningSeats: [Int]

    public func mark(of cell: Cell) -> CellMark? { cells.first { $0.cell == cell } }
}

extension QuortexBoardPicture.FlowPath {
    /// The flow as connected curves in `geometry`, the same the SVG strokes.
    public func curves(in geometry: BoardGeometry) -> [Curve] {
        steps.map { geometry.curve(in: $0.cell, from: $0.entry, to: $0.exit) }
    }
}

extension QuortexBoardPicture.AxisLabel {
    /// Where the label sits in `geometry`: the centre of the off-board neighbour it names.
    public func position(in geometry: BoardGeometry) -> Point {
        geometry.centre(of: cell.neighbour(direction))
    }
}
