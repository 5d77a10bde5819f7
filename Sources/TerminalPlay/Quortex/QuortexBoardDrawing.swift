import QuortexFeature
import Quortex

/// The model's board picture as text: each placed tile's three paths traced through its hex in
/// line characters (dotted where no flow runs yet), every flow over them in its seat's colour,
/// the winning flow in `●`, empty cells as `··`, legal ones `++`, the cursor bracketed, the
/// others' last moves marked `◆`, the notation's row letters (left) and column digits (at each
/// column's lower end), the seats' sides labelled, and the drawn tile beside the lower right.
struct QuortexBoardDrawing {
    let picture: QuortexBoardPicture
    let style: TerminalStyle

    /// Where the centre cell `d4` falls on the canvas.
    static let origin = HexRaster.Spot(line: 15, column: 34)
    static let size = (width: 72, height: 32)
    /// The drawn tile's hex centre, right of the board's lower-right side.
    static let tileCentre = HexRaster.Spot(line: 27, column: 66)

    func lines() -> [String] {
        var canvas = TextCanvas(width: Self.size.width, height: Self.size.height)
        for mark in picture.cells { drawCell(mark, on: &canvas) }
        for path in picture.paths where path.seats.isEmpty {
            trace(path.cell, path.from, path.to, on: &canvas, glyph: "·", ink: .dim)
        }
        // Winning flows last, so nothing hides them.
        for flow in picture.flows.sorted(by: { !$0.isWinning && $1.isWinning }) {
            let ink = Self.ink(flow.colour, bold: !flow.isResigned)
            for step in flow.steps { trace(step.cell, step.entry, step.exit, on: &canvas, glyph: flow.isWinning ? "●" : nil, ink: ink) }
        }
        for mark in picture.cells where mark.isCursor && mark.tile != nil { bracket(mark.cell, on: &canvas) }
        drawLabels(on: &canvas)
        drawSides(on: &canvas)
        drawTile(on: &canvas)
        return canvas.lines(style: style)
    }

    private func spot(_ cell: Cell) -> HexRaster.Spot {
        let offset = HexRaster.centre(of: cell)
        return HexRaster.Spot(line: Self.origin.line + offset.line, column: Self.origin.column + offset.column)
    }

    private func drawCell(_ mark: QuortexBoardPicture.CellMark, on canvas: inout TextCanvas) {
        let centre = spot(mark.cell)
        guard mark.tile == nil else {
            // Another player's last move: a diamond in their colour in the tile's upper left,
            // a corner no path uses.
            if let seat = mark.lastMoveBy {
                canvas.put("◆", line: centre.line - 1, column: centre.column - 3, ink: Self.ink(Palette.seat(seat), bold: true))
            }
            return
        }
        let content = mark.isLegal ? "++" : "··"
        canvas.write(content, line: centre.line, column: centre.column - 1, ink: mark.isCursor ? .cursor : mark.isLegal ? .legal : .dim)
        if mark.isCursor { bracket(mark.cell, on: &canvas, width: 1) }
    }

    /// `[` and `]` around the cell's centre: tight around an empty cell's mark, wider around a tile.
    private func bracket(_ cell: Cell, on canvas: inout TextCanvas, width: Int = 3) {
        let centre = spot(cell)
        canvas.put("[", line: centre.line, column: centre.column - 1 - width, ink: .bold)
        canvas.put("]", line: centre.line, column: centre.column + width, ink: .bold)
    }

    private func trace(_ cell: Cell, _ from: Direction, _ to: Direction, on canvas: inout TextCanvas, glyph: Character?, ink: TextCanvas.Ink) {
        for (at, character) in HexRaster.path(from, to, around: spot(cell)) {
            let merged = glyph ?? HexRaster.merge(canvas.character(line: at.line, column: at.column), character)
            canvas.put(merged, line: at.line, column: at.column, ink: ink)
        }
    }

    /// Row letters west of each row, column digits north-west of each column's first cell, three
    /// quarters of the way to the neighbour they stand for (clear of the edge's midpoint).
    private func drawLabels(on canvas: inout TextCanvas) {
        for label in picture.rowLabels + picture.columnLabels {
            let from = spot(label.cell)
            let to = spot(label.cell.neighbour(label.direction))
            let line = from.line + (to.line - from.line) * 3 / 4
            let column = from.column + (to.column - from.column) * 3 / 4
            canvas.write(label.text, line: line, column: column, ink: .bold)
        }
    }

    /// Each side's label outside it: the top and bottom centred above and below, the others
    /// beside their side's middle row.
    private func drawSides(on canvas: inout TextCanvas) {
        for mark in picture.sides where !mark.label.isEmpty {
            let ink = Self.ink(mark.colour, bold: true)
            let width = mark.label.count
            switch mark.side {
            case 2: canvas.write(mark.label, line: 0, column: Self.origin.column - width / 2, ink: ink)
            case 5: canvas.write(mark.label, line: Self.size.height - 1, column: Self.origin.column - width / 2, ink: ink)
            case 1: canvas.write(mark.label, line: Self.origin.line - 8, column: Self.origin.column - 24 - width, ink: ink)
            case 0: canvas.write(mark.label, line: Self.origin.line + 8, column: Self.origin.column - 24 - width, ink: ink)
            case 3: canvas.write(mark.label, line: Self.origin.line - 8, column: Self.origin.column + 23, ink: ink)
            default: canvas.write(mark.label, line: Self.origin.line + 8, column: Self.origin.column + 23, ink: ink)
            }
        }
    }

    /// The tile to place in a frame of its own, its paths as they would lie on the board.
    private func drawTile(on canvas: inout TextCanvas) {
        guard let drawn = picture.drawnTile else { return }
        let centre = Self.tileCentre
        canvas.write("Tile", line: centre.line - 4, column: centre.column - 2, ink: .bold)
        for (at, character) in HexRaster.frame(around: centre) { canvas.put(character, line: at.line, column: at.column, ink: .dim) }
        for path in drawn.paths {
            for (at, character) in HexRaster.path(path.from, path.to, around: centre) {
                canvas.put(HexRaster.merge(canvas.character(line: at.line, column: at.column), character), line: at.line, column: at.column, ink: .bold)
            }
        }
    }

    static func ink(_ colour: RGBColor, bold: Bool) -> TextCanvas.Ink {
        .colour(red: colour.red, green: colour.green, blue: colour.blue, bold: bold)
    }
}
