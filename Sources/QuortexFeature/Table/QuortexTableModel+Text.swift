import AppFoundation
import GameCore
import Quortex

/// Whose turn it is, as a screen shows it.
public enum QuortexTurn: Equatable, Sendable {
    /// The game has not been dealt yet.
    case loading
    case yours(seat: Int)
    case waiting(seat: Int, name: String)
    case over(verdict: String)
}

/// A solo player or a team and the two sides it must join, for the legend.
public struct QuortexCampSummary: Equatable, Sendable {
    public var seats: [Int]
    /// Each seat's name as the table says it ("you", "bot (easy)", "Olga").
    public var names: [String]
    public var from: String
    public var to: String
    public var resigned: Bool
    /// "P1 you: join lower left and upper right".
    public var text: String
}

extension QuortexTableModel {
    /// Everyday names of the board sides, by side number (see `Topology`).
    public static let sideNames = ["lower left", "upper left", "top", "upper right", "lower right", "bottom"]

    public var turn: QuortexTurn {
        guard let view else { return .loading }
        if let verdict = table.verdict { return .over(verdict: verdict) }
        guard let current = view.currentSeat else { return .loading }
        return current == viewerSeat ? .yours(seat: current) : .waiting(seat: current, name: name(ofSeat: current))
    }

    /// "your turn (P1)", "turn: P2 bot (easy)…", or the verdict at the end.
    public var turnText: String {
        switch turn {
        case .loading: "Waiting for the game…"
        case .yours(let seat): "your turn (P\(seat + 1))"
        case .waiting(let seat, let name): "turn: P\(seat + 1) \(name)…"
        case .over(let verdict): verdict
        }
    }

    /// Why the viewer cannot place now; nil when they can.
    public var blockedReason: String? {
        guard let view else { return "Waiting for the game…" }
        guard !table.isOver, let current = view.currentSeat else { return TableWording.gameOver }
        guard let seat = viewerSeat else { return "You are watching this game." }
        guard current == seat else { return "Not your turn: waiting for P\(current + 1) (\(name(ofSeat: current)))." }
        return legalPlacements.isEmpty ? "No legal placement for this tile." : nil
    }

    /// Each camp and the sides it must join.
    public var camps: [QuortexCampSummary] {
        guard let view else { return [] }
        return view.camps.enumerated().map { index, camp in
            let names = camp.seats.map { name(ofSeat: $0) }
            let seats = zip(camp.seats, names).map { "P\($0 + 1) \($1)" }.joined(separator: " & ")
            let resigned = view.position.resignedCamps.contains(index)
            let (from, to) = (Self.sideName(camp.from), Self.sideName(camp.to))
            return QuortexCampSummary(
                seats: camp.seats, names: names, from: from, to: to, resigned: resigned,
                text: "\(seats): join \(from) and \(to)" + (resigned ? " (resigned)" : ""))
        }
    }

    /// "Tile: One Sharp (O) turned 2: joins SW–SE, NW–E, W–NE · bag 31"; nil after the end.
    public var tileText: String? {
        guard let view, let tile = drawnTile else { return nil }
        let placed = PlacedTile(tile, rotation: cursor.rotation)
        let pairs = placed.pairs.map { "\($0.abbreviation)–\($1.abbreviation)" }.joined(separator: ", ")
        return "Tile: \(tile.displayName) (\(tile.letter)) turned \(cursor.rotation): joins \(pairs) · bag \(view.bagCount)"
    }

    /// What the cursor's cell offers the drawn tile, while it is the viewer's turn:
    /// "d4: legal here · 12 legal cells turned 2".
    public var cursorText: String? {
        guard let view, isMyTurn else { return nil }
        let count = legalCells.count
        let cell = cursor.cell.name
        let here =
            view.position.board[cursor.cell] != nil
            ? "\(cell) holds a tile" : cursorIsLegal ? "\(cell): legal here" : "\(cell): not legal turned \(cursor.rotation)"
        return "\(here) · \(count) legal cell\(count == 1 ? "" : "s") turned \(cursor.rotation)"
    }

    /// Who won with which flow, under the board at the end: "Winning path: P1 you, lower left to
    /// upper right, 18 tiles (f1 … c7).".
    public var winningPathText: String? {
        guard let board, !board.winningSeats.isEmpty else { return nil }
        // One flow per winner is enough to say it; the board marks every winning one.
        var said: Set<Int> = []
        return board.flows.filter { $0.isWinning && said.insert($0.seat).inserted }.map { flow in
            let exit = flow.exitSide.map { " to " + Self.sideName($0) } ?? ""
            let ends = [flow.steps.first, flow.steps.last].compactMap { $0?.cell.name }.joined(separator: " … ")
            return "Winning path: P\(flow.seat + 1) \(name(ofSeat: flow.seat)), \(Self.sideName(flow.side))\(exit), \(flow.steps.count) tiles (\(ends))."
        }.joined(separator: " ")
    }

    static func sideName(_ side: Int) -> String { sideNames.indices.contains(side) ? sideNames[side] : "side \(side)" }

    public static let rulesTitle = "Quortex rules"

    /// The game's rules, one line each; a face adds its own controls.
    public static let rules = [
        "Each player (or team of two facing players) owns a side of the hexagonal board and must",
        "join it to the opposite side with a flow: an unbroken line through the tiles' paths.",
        "On your turn you place the tile you drew, turned as you like, on an empty cell.",
        "Every tile joins its six edges in three pairs; flows start at the sides' edges and follow them.",
        "A placement must leave every player a possible route to their goal: only such cells are legal.",
        "The first flow to join its two sides wins. If the tile you draw fits nowhere, you win.",
        "Cells are named by row (a at the top to g at the bottom) and column (1 to 7), as moves are:",
        "d4r2 places on the centre cell, d4, turned two sixths of a turn clockwise.",
    ]
}
