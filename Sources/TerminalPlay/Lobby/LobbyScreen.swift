import GameSession
import PartyFeature

/// A party lobby in the terminal: renders ``LobbyModel`` and turns keys into its intents. The
/// host moves a cursor over the joiners (↑↓) to remove (x) or ban (b) one and starts (s); a
/// joiner toggles ready (r); q leaves after a y. Every decision is the model's.
@MainActor
public struct LobbyScreen {
    public let model: LobbyModel

    public init(model: LobbyModel) {
        self.model = model
    }

    /// Sends the key's intent to the model; a key with none clears the last message.
    public func handle(_ key: Key) async {
        if model.confirmingLeave {
            if key == .character("y") { await model.confirmLeave() } else { model.cancelLeave() }
            return
        }
        switch (key, model.isHost) {
        case (.character("q"), _): model.requestLeave()
        case (.up, true): model.selectPrevious()
        case (.down, true): model.selectNext()
        case (.character("x"), true): await model.removeSelected()
        case (.character("b"), true): await model.banSelected()
        case (.character("s"), true), (.enter, true): await model.start()
        case (.character("r"), false), (.enter, false), (.character(" "), false): await model.toggleReady()
        default: model.dismissMessage()
        }
    }

    public func render(style: TerminalStyle) -> [String] {
        var lines = [style.bold("\(model.gameName) lobby")]
        if let banner = model.banner { lines.append(banner) }
        guard let summary = model.summary else {
            lines.append(model.statusText ?? "Connecting…")
            return lines + footer(style)
        }
        lines.append(summary)
        lines.append("")
        lines.append(style.bold("Players (\(model.players.count))"))
        for row in model.players {
            let mark = row.isHost ? "host " : row.isReady ? style.legal("ready") : style.dim("…    ")
            var line = "  \(mark)  \(row.name)"
            if row.isYou, !row.isHost { line += " (you)" }
            if row.isSelected { line = style.cursor(line) }
            lines.append(line)
        }
        lines.append("")
        lines.append(style.bold("Settings") + (model.settingsAreReadOnly ? style.dim(" (the host's)") : ""))
        lines += model.settingsLines.map { "  " + $0 }
        if let status = model.statusText { lines.append(status) }
        return lines + footer(style)
    }

    private func footer(_ style: TerminalStyle) -> [String] {
        var lines = [""]
        if let message = model.message { lines.append(style.warning(message)) }
        if let hint = model.startHint { lines.append(style.warning(Self.text(hint))) }
        if model.confirmingLeave {
            lines.append(model.leaveQuestion + (model.isHost ? " y to end, any other key to stay." : " y to leave, any other key to stay."))
        } else {
            lines.append(style.dim(model.isHost ? "↑↓ choose · x remove · b ban · s start · q quit" : "r ready / not ready · q leave"))
        }
        return lines
    }

    /// The start hint in the terminal's words (its key for starting is s).
    static func text(_ hint: LobbyStartHint) -> String {
        switch hint {
        case .needMorePlayers: "Wait for at least one more player."
        case .notReady(let names): "Not ready yet: " + names.joined(separator: ", ")
        case .everyoneReady: "Everyone is ready: s starts the game."
        }
    }

    /// A session's end or refusal in words.
    nonisolated public static func describe(_ phase: ClientPhase) -> String { LobbyModel.describe(phase) }
}
