import AppFoundation
import CrazyEights
import GameCore
import GameSession
import PartyFeature

/// Crazy Eights in a terminal, rendering ``CrazyEightsTableModel``: the player's hand with a
/// cursor (cards that may be played highlighted), the top card and suit to follow, every other
/// hand's size, whose turn it is, and the round's last plays. After an eight, `c d h s` name the suit.
public struct CrazyEightsScreen: TerminalScreen {
    public typealias Module = CrazyEights

    public var seatLabels: [Int: String]
    public var quitPrompt: String?

    public init(seatLabels: [Int: String] = [:], quitPrompt: String? = nil) {
        self.seatLabels = seatLabels
        self.quitPrompt = quitPrompt
    }

    @MainActor
    public func makeModel(endpoint: any GameSessionEndpoint<CrazyEights>, finalOutcome: GameTableModel<CrazyEights>.FinalOutcome?)
        -> CrazyEightsTableModel
    {
        CrazyEightsTableModel(endpoint: endpoint, seatLabels: seatLabels, leavePrompt: quitPrompt ?? TableWording.leavePrompt, finalOutcome: finalOutcome)
    }

    @MainActor
    public func handle(_ key: Key, _ model: CrazyEightsTableModel) async {
        if TableKeys.intercept(key, model.table) { return }
        guard model.table.viewerSeat != nil else { return }
        if model.namingSuitFor != nil {
            guard case .character(let letter) = key, let suit = Suit(letter: Character(letter.uppercased())) else {
                await model.nameSuit(nil)
                return
            }
            await model.nameSuit(suit)
            return
        }
        switch key {
        case .left, .character("h"): model.selectPrevious()
        case .right, .character("l"): model.selectNext()
        case .enter, .character(" "): await model.playSelected()
        case .character("d"): await model.draw()
        case .character("p"): await model.pass()
        default: model.table.message = TableKeys.unknown
        }
    }

    @MainActor
    public func render(_ model: CrazyEightsTableModel, style: TerminalStyle) -> [String] {
        let table = model.table
        guard let view = model.view else { return ["Crazy Eights", "", "Waiting for the game…", table.message ?? ""] }
        if table.showsRules {
            return [CrazyEightsTableModel.rulesTitle, ""] + CrazyEightsTableModel.rules + [""] + Self.keyHelp + ["", "Press any key to go back to the table."]
        }
        var lines = [style.bold("Crazy Eights") + " · round \(view.round) · " + turnText(model, style)]
        lines.append("")
        for seat in model.otherSeats {
            let marker = seat.isToMove ? "▶ " : "  "
            lines.append("\(marker)\(style.seat(seat.name, seat.seat)): \(seat.handCount) card\(seat.handCount == 1 ? "" : "s") · score \(seat.score)")
        }
        lines.append("")
        let top = view.topCard.map { card(style, $0) } ?? "none"
        let suitNote = model.suitWasNamed ? " · suit named: \(suitText(style, view.currentSuit))" : ""
        lines.append("Top card: \(top)\(suitNote) · stock \(view.stockCount) · direction \(view.direction)")
        if view.pendingPenalty > 0 { lines.append(style.warning("Pending penalty: draw \(view.pendingPenalty) or play a two")) }
        lines.append("Last plays: " + lastPlays(model, style))
        lines.append("")
        lines.append(handLine(model, style))
        lines.append(model.selectionText.map { model.isMyTurn ? $0 + " marked" : $0 } ?? "")
        lines.append(model.roundResultText ?? model.scoreText ?? "")
        lines.append(table.message.map(style.warning) ?? "")
        if model.namingSuitFor != nil {
            lines.append(style.dim("c clubs · d diamonds · h hearts · s spades · any other key keeps the eight"))
        } else {
            lines.append(style.dim("←→/hl choose · Enter play · d draw · p pass · ? rules · q quit"))
        }
        return lines
    }

    @MainActor
    private func turnText(_ model: CrazyEightsTableModel, _ style: TerminalStyle) -> String {
        switch model.turn {
        case .loading: ""
        case .yours: style.bold("your turn")
        case .waiting(let seat, let name): "turn: \(style.seat(name, seat))…"
        case .over(let verdict): style.bold(verdict)
        }
    }

    @MainActor
    private func handLine(_ model: CrazyEightsTableModel, _ style: TerminalStyle) -> String {
        guard !model.hand.isEmpty else { return "Your hand is empty." }
        let playable = model.playableCards
        let cards = model.hand.enumerated().map { index, each -> String in
            let text = playable.contains(each) ? style.legal(CardText.text(each)) : card(style, each)
            return index == model.selectedIndex ? "[" + style.cursor(text) + "]" : " \(text) "
        }
        return "Your hand: " + cards.joined()
    }

    /// The last plays with their cards drawn as the hand draws them.
    @MainActor
    private func lastPlays(_ model: CrazyEightsTableModel, _ style: TerminalStyle) -> String {
        let plays = model.lastPlays
        guard !plays.isEmpty else { return model.lastPlaysText }
        return plays.map { play in
            switch play.event {
            case .played(_, let played, let suit): "\(play.who) \(card(style, played))" + (suit.map { " → \(suitText(style, $0))" } ?? "")
            case .drew(_, let count, _, _): "\(play.who) drew \(count)"
            case .tookPenalty(_, let count): "\(play.who) took \(count)"
            case .passed: "\(play.who) passed"
            }
        }.joined(separator: " · ")
    }

    func card(_ style: TerminalStyle, _ card: Card) -> String {
        let text = CardText.text(card)
        return CardText.isRed(card.suit) ? style.red(text) : style.bold(text)
    }

    private func suitText(_ style: TerminalStyle, _ suit: Suit) -> String {
        let text = CardText.text(suit)
        return CardText.isRed(suit) ? style.red(text) : text
    }

    static let keyHelp = [
        "Keys: ← → or h l choose a card · Enter or space plays it · d draws · p passes ·",
        "c d h s name a suit after an eight · ? shows this · q leaves the game.",
    ]
}
