import Quortex

/// The board as text: row `r` of the hexagon on line `r`, each cell four columns wide and
/// shifted half a cell per row, so the six neighbours of a cell sit around it as on the board.
/// A cell shows its tile (letter and rotation, in the colour of a flow through it), `++` where
/// the drawn tile may go turned as the cursor has it, or `··`; the cursor is bracketed.
struct QuortexBoardDrawing {
    let view: QuortexView
    let cursor: QuortexCursor?
    let style: TerminalStyle

    /// Where each side lies on the screen, by side number (see `Topology`).
    static let sideNames = ["lower left", "upper left", "top", "upper right", "lower right", "bottom"]
    private static let margin = 14

    func lines() -> [String] {
        let flowSeat = Dictionary(view.flows.flatMap { flow in flow.steps.map { ($0.cell, flow.seat) } }, uniquingKeysWith: { first, _ in first })
        let legal = Set((view.legalPlacements ?? []).filter { $0.rotation == cursor?.rotation }.map(\.cell))
        var lines = [centred(label(side: 2))]
        for row in -Cell.radius...Cell.radius {
            let cols = (-Cell.radius...Cell.radius).filter { Cell(row: row, col: $0).isOnBoard }
            let indent = String(repeating: " ", count: 4 * ((cols.first ?? 0) + 3) + 2 * row + 6)
            var line = leftLabel(row: row) + indent
            for col in cols {
                let cell = Cell(row: row, col: col)
                line += draw(cell, flowSeat: flowSeat[cell], legal: legal.contains(cell))
            }
            lines.append(line + rightLabel(row: row))
        }
        lines.append(centred(label(side: 5)))
        return lines
    }

    private func draw(_ cell: Cell, flowSeat: Int?, legal: Bool) -> String {
        var content: String
        if let tile = view.position.board[cell] {
            content = "\(tile.type.letter)\(tile.rotation)"
            if let flowSeat { content = style.seat(content, flowSeat) }
        } else if legal {
            content = style.legal("++")
        } else {
            content = style.dim("··")
        }
        guard cursor?.cell == cell else { return " \(content) " }
        return "[" + style.cursor(content) + "]"
    }

    /// The seats whose camp starts or ends on `side`, e.g. `P1 goal`.
    private func label(side: Int) -> String {
        view.camps.compactMap { camp -> String? in
            guard camp.from == side || camp.to == side else { return nil }
            if camp.isTeam { return camp.seats.map { style.seat("P\($0 + 1)", $0) }.joined(separator: "&") }
            let seat = camp.seats[0]
            return style.seat("P\(seat + 1)", seat) + (camp.to == side ? " goal" : "")
        }.joined(separator: " ")
    }

    private func leftLabel(row: Int) -> String {
        let side = row == -2 ? 1 : row == 2 ? 0 : nil
        return padded(side.map(label(side:)) ?? "", to: Self.margin - 2, right: true) + "  "
    }

    private func rightLabel(row: Int) -> String {
        let side = row == -2 ? 3 : row == 2 ? 4 : nil
        return side.map { "  " + label(side: $0) } ?? ""
    }

    private func centred(_ text: String) -> String {
        String(repeating: " ", count: Self.margin + 14 - visibleWidth(text) / 2) + text
    }

    private func padded(_ text: String, to width: Int, right: Bool) -> String {
        let fill = String(repeating: " ", count: max(width - visibleWidth(text), 0))
        return right ? fill + text : text + fill
    }
}

/// Columns a styled string takes: its characters without the escape sequences.
func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
        if inEscape {
            if character.isLetter { inEscape = false }
        } else if character == "\u{1B}" {
            inEscape = true
        } else {
            width += 1
        }
    }
    return width
}
