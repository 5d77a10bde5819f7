import AppFoundation
import GameCore
import GameSession
import Quortex
import QuortexFeature

/// Quortex in a terminal, rendering ``QuortexTableModel``: the hex board with its flows, the
/// cursor and the legal cells, the drawn tile, the seats' sides and the other players' last moves.
public struct QuortexScreen: TerminalScreen {
    public typealias Module = Quortex

    public var seatLabels: [Int: String]
    public var quitPrompt: String?

    public init(seatLabels: [Int: String] = [:], quitPrompt: String? = nil) {
        self.seatLabels = seatLabels
        self.quitPrompt = quitPrompt
    }

    /// The winning path stays on screen until a key.
    public var holdsFinalFrame: Bool { true }

    @MainActor
    public func makeModel(endpoint: any GameSessionEndpoint<Quortex>, finalOutcome: GameTableModel<Quortex>.FinalOutcome?) -> QuortexTableModel {
        QuortexTableModel(endpoint: endpoint, seatLabels: seatLabels, leavePrompt: quitPrompt ?? TableWording.leavePrompt, finalOutcome: finalOutcome)
    }

    @MainActor
    public func handle(_ key: Key, _ model: QuortexTableModel) async {
        if TableKeys.intercept(key, model.table) { return }
        guard model.viewerSeat != nil else { return }
        switch key {
        case .left, .character("h"): model.moveCursor(.left)
        case .right, .character("l"): model.moveCursor(.right)
        case .up, .character("k"): model.moveCursor(.up)
        case .down, .character("j"): model.moveCursor(.down)
        case .character("r"): model.rotate(clockwise: true)
        case .character("R"): model.rotate(clockwise: false)
        case .tab, .backTab: model.jumpToLegal(forward: key == .tab)
        case .enter, .character(" "): await model.place()
        default: model.table.message = TableKeys.unknown
        }
    }

    @MainActor
    public func render(_ model: QuortexTableModel, style: TerminalStyle) -> [String] {
        let table = model.table
        guard let board = model.board else { return ["Quortex", "", model.turnText, table.message ?? ""] }
        if table.showsRules {
            return [QuortexTableModel.rulesTitle, ""] + QuortexTableModel.rules + [""] + Self.keyHelp + ["", "Press any key to go back to the board."]
        }
        var lines = [style.bold("Quortex") + " · " + turnLine(model, style)]
        lines += legend(model, style)
        lines.append(model.announcements.isEmpty ? "" : "Last moves: " + model.announcements.map(\.text).joined(separator: " "))
        lines += QuortexBoardDrawing(picture: board, style: style).lines()
        if table.isOver {
            lines.append(model.winningPathText.map(style.bold) ?? "")
            lines.append("")
        } else {
            lines.append(model.tileText ?? "")
            lines.append(model.cursorText.map { $0 + ", marked ++" } ?? "")
        }
        lines.append(table.message.map(style.warning) ?? "")
        if table.sessionEnded {
            lines.append(style.bold("Press any key to leave."))
        } else {
            lines.append(style.dim("←↑→↓/hjkl move · r R rotate · Tab next legal · Enter place · ? rules · q quit"))
        }
        return lines
    }

    /// The turn with the seat in its colour, or the verdict in bold.
    @MainActor
    private func turnLine(_ model: QuortexTableModel, _ style: TerminalStyle) -> String {
        switch model.turn {
        case .loading: model.turnText
        case .yours(let seat): "your turn (\(style.seat("P\(seat + 1)", seat)))"
        case .waiting(let seat, let name): "turn: \(style.seat("P\(seat + 1)", seat)) \(name)…"
        case .over(let verdict): style.bold(verdict)
        }
    }

    /// The camps and their sides, as many to a line as fit in 80 columns.
    @MainActor
    private func legend(_ model: QuortexTableModel, _ style: TerminalStyle) -> [String] {
        var lines: [String] = []
        var line = ""
        var width = 0
        for camp in model.camps {
            let seats = zip(camp.seats, camp.names).map { style.seat("P\($0 + 1)", $0) + " " + $1 }.joined(separator: " & ")
            let plain = camp.text
            let text = seats + ": join \(camp.from) and \(camp.to)" + (camp.resigned ? " (resigned)" : "")
            if width > 0, width + 3 + plain.count > 78 {
                lines.append(line)
                (line, width) = ("", 0)
            }
            line += (width == 0 ? "  " : " · ") + text
            width += (width == 0 ? 2 : 3) + plain.count
        }
        if width > 0 { lines.append(line) }
        return lines
    }

    static let keyHelp = [
        "Keys: arrows or h j k l move the cursor · r and R turn the tile · Tab and Shift-Tab jump",
        "to the legal cells (marked ++) · Enter or space places the tile · ? shows this · q leaves the game.",
        "The board draws each tile's paths: dotted until a flow runs along them, then in the flow's",
        "colour; a winning flow is drawn in ●. Row letters and column digits name cells as moves do.",
    ]
}
