import GameCore
import GameSession
import Quortex

/// Quortex in a terminal: the hex board with a cursor, the drawn tile and its rotation, the legal
/// cells for that rotation highlighted, and the seats' sides around the board.
public struct QuortexScreen: TerminalScreen {
    public typealias Module = Quortex

    public var cursor = QuortexCursor()
    public var chrome: ScreenChrome

    public init(seatLabels: [Int: String] = [:], quitPrompt: String? = nil) {
        chrome = ScreenChrome(seatLabels: seatLabels)
        if let quitPrompt { chrome.quitPrompt = quitPrompt }
    }

    public mutating func handle(_ key: Key, in snapshot: SessionSnapshot<Quortex>) -> ScreenCommand<QuortexAction> {
        let view = snapshot.view
        let over = (view?.outcome ?? chrome.outcome) != nil
        if let command: ScreenCommand<QuortexAction> = chrome.intercept(key, gameOver: over) { return command }
        guard let view, let seat = view.viewer.seat else { return .none }
        let legal = view.legalPlacements ?? []
        switch key {
        case .left, .right, .up, .down: cursor.move(key)
        case .character("h"): cursor.move(.left)
        case .character("l"): cursor.move(.right)
        case .character("k"): cursor.move(.up)
        case .character("j"): cursor.move(.down)
        case .character("r"): cursor.rotate(view.position.drawn, clockwise: true)
        case .character("R"): cursor.rotate(view.position.drawn, clockwise: false)
        case .tab, .backTab:
            if !cursor.jump(among: legal, forward: key == .tab) { message = waitingText(view, seat) }
        case .enter, .character(" "):
            guard !over else { return .none }
            guard view.currentSeat == seat else {
                message = waitingText(view, seat)
                return .none
            }
            return .perform(.place(cursor.cell, rotation: cursor.rotation))
        default:
            message = "Unknown key. Press ? for the rules and keys."
        }
        return .none
    }

    public func render(_ snapshot: SessionSnapshot<Quortex>, style: TerminalStyle) -> [String] {
        guard let view = snapshot.view else { return ["Quortex", "", "Waiting for the game…", message ?? ""] }
        if chrome.showsRules { return Self.rules + ["", "Press any key to go back to the board."] }
        let seat = view.viewer.seat
        var lines = [style.bold("Quortex") + " · " + turnText(view, seat, style)]
        lines += legend(view, style)
        lines.append("")
        lines += QuortexBoardDrawing(view: view, cursor: seat == nil ? nil : cursor, style: style).lines()
        lines.append("")
        lines += tileLines(view, seat, style)
        lines.append(message.map(style.warning) ?? "")
        lines.append(style.dim("←↑→↓/hjkl move · r R rotate · Tab next legal · Enter place · ? rules · q quit"))
        return lines
    }

    /// How the game ended: as the view says, else as the authority told the driver.
    private func ended(_ view: QuortexView) -> GameOutcome? { view.outcome ?? chrome.outcome }

    func name(of seat: Int, in view: QuortexView) -> String {
        if seat == view.viewer.seat { return "you" }
        return seatLabels[seat] ?? (view.players.indices.contains(seat) ? view.players[seat].name : "P\(seat + 1)")
    }

    private func waitingText(_ view: QuortexView, _ seat: Int) -> String {
        guard ended(view) == nil, let current = view.currentSeat else { return "The game is over." }
        return current == seat ? "No legal placement for this tile." : "Not your turn: waiting for P\(current + 1) (\(name(of: current, in: view)))."
    }

    private func turnText(_ view: QuortexView, _ seat: Int?, _ style: TerminalStyle) -> String {
        if let outcome = ended(view) {
            return style.bold(chrome.verdict(outcome, viewer: seat, playerNames: view.players.map(\.name)))
        }
        guard let current = view.currentSeat else { return "" }
        let who = style.seat("P\(current + 1)", current)
        return current == seat ? "your turn (\(who))" : "turn: \(who) \(name(of: current, in: view))…"
    }

    private func legend(_ view: QuortexView, _ style: TerminalStyle) -> [String] {
        view.camps.map { camp in
            let seats = camp.seats.map { style.seat("P\($0 + 1)", $0) + " " + name(of: $0, in: view) }.joined(separator: " & ")
            let resigned = view.position.resignedCamps.contains(view.camps.firstIndex(of: camp) ?? -1) ? " (resigned)" : ""
            return "  \(seats): join \(QuortexBoardDrawing.sideNames[camp.from]) and \(QuortexBoardDrawing.sideNames[camp.to])\(resigned)"
        }
    }

    private func tileLines(_ view: QuortexView, _ seat: Int?, _ style: TerminalStyle) -> [String] {
        guard ended(view) == nil, let tile = view.position.drawn else { return ["", ""] }
        let placed = PlacedTile(tile, rotation: cursor.rotation)
        let pairs = placed.pairs.map { "\($0.abbreviation)–\($1.abbreviation)" }.joined(separator: ", ")
        let tileText = "Tile: \(style.bold(tile.displayName)) (\(tile.letter)) turned \(cursor.rotation): joins \(pairs) · bag \(view.bagCount)"
        guard seat != nil, view.currentSeat == seat else { return [tileText, ""] }
        let legal = view.legalPlacements ?? []
        let here = legal.contains(Placement(cell: cursor.cell, rotation: cursor.rotation))
        let count = legal.filter { $0.rotation == cursor.rotation }.count
        let cellText =
            view.position.board[cursor.cell] != nil
            ? "\(cursor.cell.name) holds a tile"
            : here ? "\(cursor.cell.name): legal here" : "\(cursor.cell.name): not legal turned \(cursor.rotation)"
        return [tileText, "\(cellText) · \(count) legal cell\(count == 1 ? "" : "s") turned \(cursor.rotation), marked ++"]
    }

    static let rules = [
        "Quortex rules",
        "",
        "Each player (or team of two facing players) owns a side of the hexagonal board and must",
        "join it to the opposite side with a flow: an unbroken line through the tiles' paths.",
        "On your turn you place the tile you drew, turned as you like, on an empty cell.",
        "Every tile joins its six edges in three pairs; flows start at the sides' edges and follow them.",
        "A placement must leave every player a possible route to their goal: such cells are marked ++.",
        "The first flow to join its two sides wins. If the tile you draw fits nowhere, you win.",
        "",
        "Keys: arrows or h j k l move the cursor · r and R turn the tile · Tab and Shift-Tab jump",
        "to the legal cells · Enter or space places the tile · ? shows this · q leaves the game.",
        "Board cells show a tile's letter (N no sharps, O one, T two, H three) and its rotation.",
    ]
}
