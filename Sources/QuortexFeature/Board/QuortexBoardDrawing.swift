import Quortex

/// Exactly what a SwiftUI `Canvas` draws for a board picture in one canvas size and theme, bottom
/// layer first: every polygon, curve and colour decided here so the view only strokes and fills.
/// The layers follow the SVG renderer's: cells, tiles, flows, the border and its badges, then the
/// marks on top (cursor, last moves) and the notation labels.
public struct QuortexBoardDrawing: Equatable, Sendable {
    /// A line's colour and width; `dash` alternates drawn and skipped lengths.
    public struct Stroke: Equatable, Sendable {
        public var colour: RGBColor
        public var width: Double
        public var dash: [Double] = []
    }

    /// One of the 37 cells: its hexagon, filled (tinted when the drawn tile may go there).
    public struct CellShape: Equatable, Sendable {
        public var cell: Cell
        public var corners: [Point]
        public var fill: RGBColor
        public var outline: Stroke
        public var isLegal: Bool
    }

    /// One placed tile: its face and three paths in the paths' own colour (flows are drawn over them).
    public struct TileShape: Equatable, Sendable {
        public var cell: Cell?
        public var corners: [Point]
        public var face: RGBColor
        public var edge: Stroke
        public var paths: [Curve]
        public var path: Stroke
    }

    /// One flow as one continuous stroke of joined curves.
    public struct FlowShape: Equatable, Sendable {
        public var seat: Int
        /// The board side it starts from; with the seat and its first step, which flow it is.
        public var side: Int
        public var curves: [Curve]
        public var stroke: Stroke
        /// The pale glow under a winning flow, drawn first.
        public var halo: Stroke?
        /// Where an open flow waits for the next tile, and the dot's radius.
        public var end: Point?
        public var endRadius: Double
        public var isWinning: Bool
    }

    /// One board side: its outer hex edges in the colour of whoever owns or aims for it.
    public struct SideShape: Equatable, Sendable {
        public var side: Int
        public var edges: [Segment]
        public var stroke: Stroke
    }

    /// The numbered disc outside a side a seat owns (filled) or a solo player aims for (outlined).
    public struct Badge: Equatable, Sendable {
        public var side: Int
        public var centre: Point
        public var radius: Double
        public var fill: RGBColor
        public var outline: Stroke
        public var text: String
        public var textColour: RGBColor
        public var fontSize: Double
    }

    /// A hexagon outline drawn over everything: the cursor, or the last move of a seat.
    public struct Ring: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case cursor
            case lastMove(seat: Int)
        }

        public var cell: Cell
        public var kind: Kind
        public var corners: [Point]
        public var stroke: Stroke
    }

    /// A row letter or column digit of the move notation.
    public struct Label: Equatable, Sendable {
        public var text: String
        public var centre: Point
        public var colour: RGBColor
        public var fontSize: Double
    }

    public var geometry: BoardGeometry
    public var background: RGBColor
    public var cells: [CellShape]
    public var tiles: [TileShape]
    public var flows: [FlowShape]
    public var sides: [SideShape]
    public var badges: [Badge]
    public var rings: [Ring]
    public var labels: [Label]

    public init(picture: QuortexBoardPicture, canvas: Size, theme: QuortexTheme) {
        let geometry = QuortexBoardLayout.geometry(for: canvas)
        let palette = theme.palette
        let size = geometry.size
        self.geometry = geometry
        background = palette.background
        cells = picture.cells.map { mark in
            CellShape(
                cell: mark.cell, corners: geometry.corners(of: mark.cell),
                fill: mark.tile == nil && mark.isLegal ? palette.legalCell : palette.emptyCell,
                outline: Stroke(colour: palette.cellOutline, width: size * 0.04), isLegal: mark.isLegal && mark.tile == nil)
        }
        tiles = picture.cells.compactMap { mark in
            mark.tile.map { Self.tile($0, around: geometry.centre(of: mark.cell), hex: geometry.hex, cell: mark.cell, palette: palette) }
        }
        flows = Self.flows(picture.flows, geometry: geometry, palette: palette)
        sides = picture.sides.map { mark in
            SideShape(
                side: mark.side, edges: Topology.ports(ofSide: mark.side).map(geometry.outerEdge(of:)),
                stroke: Stroke(colour: Self.colour(of: mark.role, palette: palette), width: size * 0.16))
        }
        badges = picture.sides.compactMap { Self.badge($0, geometry: geometry, palette: palette) }
        rings = Self.rings(picture.cells, geometry: geometry, palette: palette)
        labels = (picture.rowLabels + picture.columnLabels).map { label in
            Label(text: label.text, centre: label.position(in: geometry), colour: palette.secondaryText, fontSize: size * 0.36)
        }
    }

    /// The drawn tile as the finger carries it, the size of a board cell, centred on `centre`.
    public static func drawnTile(_ tile: PlacedTile, around centre: Point, in geometry: BoardGeometry, theme: QuortexTheme) -> TileShape {
        Self.tile(tile, around: centre, hex: geometry.hex, cell: nil, palette: theme.palette)
    }

    /// The drawn tile on its own, as the tray beside the board shows it: a hex of circumradius
    /// `size` around `centre`.
    public static func drawnTile(_ tile: PlacedTile, around centre: Point, size: Double, theme: QuortexTheme) -> TileShape {
        Self.tile(tile, around: centre, hex: HexGeometry(size: max(size, 0)), cell: nil, palette: theme.palette)
    }

    static func tile(_ tile: PlacedTile, around centre: Point, hex: HexGeometry, cell: Cell?, palette: QuortexPalette) -> TileShape {
        TileShape(
            cell: cell, corners: hex.corners(around: centre), face: palette.tileFace,
            edge: Stroke(colour: palette.tileEdge, width: hex.size * 0.04), paths: hex.curves(around: centre, of: tile),
            path: Stroke(colour: palette.tileConnection, width: hex.size * 0.12))
    }

    /// Each flow in its seat's colour as the SVG draws it: where a later flow shares a path with
    /// another seat's (a path between two owned sides) it is narrower, so both colours show; a
    /// resigned seat's flow is grey and dashed; a winning one has a halo.
    static func flows(_ flows: [QuortexBoardPicture.FlowPath], geometry: BoardGeometry, palette: QuortexPalette) -> [FlowShape] {
        let size = geometry.size
        var seatsByPath: [PathKey: [Int]] = [:]
        return flows.map { flow in
            let keys = flow.steps.map(PathKey.init)
            let isShared = keys.contains { key in seatsByPath[key, default: []].contains { $0 != flow.seat } }
            for key in keys where !seatsByPath[key, default: []].contains(flow.seat) { seatsByPath[key, default: []].append(flow.seat) }
            let width = size * (isShared ? 0.13 : 0.22)
            let curves = flow.curves(in: geometry)
            let colour = flow.isResigned ? palette.resigned : palette.seat(flow.seat)
            return FlowShape(
                seat: flow.seat, side: flow.side, curves: curves,
                stroke: Stroke(colour: colour, width: width, dash: flow.isResigned ? [size * 0.24, size * 0.16] : []),
                halo: flow.isWinning ? Stroke(colour: palette.halo, width: width + size * 0.16) : nil,
                end: flow.exitSide == nil ? curves.last?.end : nil, endRadius: size * 0.14, isWinning: flow.isWinning)
        }
    }

    static func colour(of role: QuortexBoardPicture.SideRole, palette: QuortexPalette) -> RGBColor {
        switch role {
        case .owned(let seat): palette.seat(seat)
        case .target(let seat): palette.target(ofSeat: seat)
        case .unowned: palette.unownedSide
        }
    }

    static func badge(_ mark: QuortexBoardPicture.SideMark, geometry: BoardGeometry, palette: QuortexPalette) -> Badge? {
        let size = geometry.size
        let (seat, filled): (Int, Bool)
        switch mark.role {
        case .owned(let owner): (seat, filled) = (owner, true)
        case .target(let owner): (seat, filled) = (owner, false)
        case .unowned: return nil
        }
        let colour = palette.seat(seat)
        return Badge(
            side: mark.side, centre: geometry.boardCentre + BoardGeometry.outwardNormal(ofSide: mark.side) * (size * 6),
            radius: size * 0.3, fill: filled ? colour : palette.background, outline: Stroke(colour: colour, width: size * 0.06),
            text: String(seat + 1), textColour: filled ? palette.badgeText : colour, fontSize: size * 0.36)
    }

    /// The last moves in their seats' colours, then the cursor on top of everything.
    static func rings(_ cells: [QuortexBoardPicture.CellMark], geometry: BoardGeometry, palette: QuortexPalette) -> [Ring] {
        let inner = HexGeometry(size: geometry.size * 0.86)
        func corners(_ cell: Cell) -> [Point] { inner.corners(around: geometry.centre(of: cell)) }
        let lastMoves = cells.compactMap { mark in
            mark.lastMoveBy.map { seat in
                Ring(
                    cell: mark.cell, kind: .lastMove(seat: seat), corners: corners(mark.cell),
                    stroke: Stroke(colour: palette.seat(seat), width: geometry.size * 0.1))
            }
        }
        // A cell the tile may not go on (turned as it is) gets a dashed cursor.
        let dash = [geometry.size * 0.14, geometry.size * 0.1]
        let cursor = cells.filter(\.isCursor).map { mark in
            Ring(
                cell: mark.cell, kind: .cursor, corners: corners(mark.cell),
                stroke: Stroke(colour: palette.cursor, width: geometry.size * 0.08, dash: mark.isLegal ? [] : dash))
        }
        return lastMoves + cursor
    }

    /// One path of one cell, whichever way it is travelled.
    struct PathKey: Hashable {
        var cell: Cell
        var low: Int
        var high: Int

        init(_ step: Flow.Step) {
            cell = step.cell
            low = min(step.entry.rawValue, step.exit.rawValue)
            high = max(step.entry.rawValue, step.exit.rawValue)
        }
    }
}
