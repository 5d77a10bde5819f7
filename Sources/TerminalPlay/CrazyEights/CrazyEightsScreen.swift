import CrazyEights
import GameCore
import GameSession

/// Crazy Eights in a terminal: the player's hand with a cursor (cards that may be played
/// highlighted), the top card and suit to follow, every other hand's size, whose turn it is, and
/// the round's last plays. An eight asks for the suit to name.
public struct CrazyEightsScreen: TerminalScreen {
    public typealias Module = CrazyEights

    /// Index into the hand.
    public var selected = 0
    /// The eight waiting for its suit.
    public var namingSuitFor: Card?
    public var chrome: ScreenChrome

    public init(seatLabels: [Int: String] = [:], quitPrompt: String? = nil) {
        chrome = ScreenChrome(seatLabels: seatLabels)
        if let quitPrompt { chrome.quitPrompt = quitPrompt }
    }

    public mutating func handle(_ key: Key, in snapshot: SessionSnapshot<CrazyEights>) -> ScreenCommand<CrazyEightsAction> {
        let view = snapshot.view
        let over = (view?.outcome ?? chrome.outcome) != nil
        if let command: ScreenCommand<CrazyEightsAction> = chrome.intercept(key, gameOver: over) { return command }
        guard let view, let seat = view.viewer.seat else { return .none }
        if let eight = namingSuitFor {
            namingSuitFor = nil
            guard case .character(let letter) = key, let suit = Suit(letter: Character(letter.uppercased())) else {
                message = "No suit named; the eight stays in your hand."
                return .none
            }
            return .perform(.play(eight, namedSuit: suit))
        }
        selected = min(max(selected, 0), max(view.hand.count - 1, 0))
        switch key {
        case .left, .character("h"): selected = max(selected - 1, 0)
        case .right, .character("l"): selected = min(selected + 1, max(view.hand.count - 1, 0))
        case .enter, .character(" "):
            guard myTurn(view, seat) else { return .none }
            guard view.hand.indices.contains(selected) else { return .none }
            let card = view.hand[selected]
            if card.rank == .eight {
                namingSuitFor = card
                message = "Name the suit to follow: c clubs · d diamonds · h hearts · s spades"
                return .none
            }
            return .perform(.play(card))
        case .character("d"):
            return myTurn(view, seat) ? .perform(.draw) : .none
        case .character("p"):
            return myTurn(view, seat) ? .perform(.pass) : .none
        default:
            message = "Unknown key. Press ? for the rules and keys."
        }
        return .none
    }

    private mutating func myTurn(_ view: CrazyEightsView, _ seat: Int) -> Bool {
        guard ended(view) == nil, let turn = view.turn else {
            message = "The game is over."
            return false
        }
        guard turn == seat else {
            message = "Not your turn: waiting for \(name(of: turn, in: view))."
            return false
        }
        return true
    }

    /// How the game ended: as the view says, else as the authority told the driver.
    private func ended(_ view: CrazyEightsView) -> GameOutcome? { view.outcome ?? chrome.outcome }

    func name(of seat: Int, in view: CrazyEightsView) -> String {
        if seat == view.viewer.seat { return "you" }
        return "P\(seat + 1) " + (seatLabels[seat] ?? (view.players.indices.contains(seat) ? view.players[seat].name : ""))
    }

    public func render(_ snapshot: SessionSnapshot<CrazyEights>, style: TerminalStyle) -> [String] {
        guard let view = snapshot.view else { return ["Crazy Eights", "", "Waiting for the game…", message ?? ""] }
        if chrome.showsRules { return Self.rules + ["", "Press any key to go back to the table."] }
        var lines = [style.bold("Crazy Eights") + " · round \(view.round) · " + turnText(view, style)]
        lines.append("")
        for seat in view.players.indices where seat != view.viewer.seat {
            let marker = view.turn == seat && ended(view) == nil ? "▶ " : "  "
            lines.append("\(marker)\(style.seat(name(of: seat, in: view), seat)): \(view.handCounts[seat]) card\(view.handCounts[seat] == 1 ? "" : "s") · score \(view.scores[seat])")
        }
        lines.append("")
        let top = view.topCard.map { card(style, $0) } ?? "none"
        let suitNote = view.topCard.map { $0.rank == .eight || $0.suit != view.currentSuit } == true ? " · suit named: \(suitText(style, view.currentSuit))" : ""
        lines.append("Top card: \(top)\(suitNote) · stock \(view.stockCount) · direction \(view.direction)")
        if view.pendingPenalty > 0 { lines.append(style.warning("Pending penalty: draw \(view.pendingPenalty) or play a two")) }
        lines.append("Last plays: " + lastPlays(view, style))
        lines.append("")
        lines.append(handLine(view, style))
        lines.append(selectionLine(view, style))
        if let round = view.lastRound, view.outcome != nil || view.roundLog.isEmpty {
            let winners = round.winners.map { name(of: $0, in: view) }.joined(separator: " and ")
            lines.append("Round \(round.round) went to \(winners.isEmpty ? "nobody" : winners) · scores " + view.scores.enumerated().map { "P\($0.offset + 1) \($0.element)" }.joined(separator: ", "))
        } else if let seat = view.viewer.seat {
            lines.append("Your score: \(view.scores[seat]) of \(view.settings.targetScore)")
        }
        lines.append(message.map(style.warning) ?? "")
        lines.append(style.dim("←→/hl choose · Enter play · d draw · p pass · ? rules · q quit"))
        return lines
    }

    private func turnText(_ view: CrazyEightsView, _ style: TerminalStyle) -> String {
        if let outcome = ended(view) {
            return style.bold(chrome.verdict(outcome, viewer: view.viewer.seat, playerNames: view.players.map(\.name)))
        }
        guard let turn = view.turn else { return "" }
        return turn == view.viewer.seat ? style.bold("your turn") : "turn: \(style.seat(name(of: turn, in: view), turn))…"
    }

    private func handLine(_ view: CrazyEightsView, _ style: TerminalStyle) -> String {
        guard !view.hand.isEmpty else { return "Your hand is empty." }
        let playable = playableCards(view)
        let cards = view.hand.enumerated().map { index, each -> String in
            let text = playable.contains(each) ? style.legal(card(.plain, each)) : card(style, each)
            return index == selected ? "[" + style.cursor(text) + "]" : " \(text) "
        }
        return "Your hand: " + cards.joined()
    }

    private func selectionLine(_ view: CrazyEightsView, _ style: TerminalStyle) -> String {
        guard view.hand.indices.contains(selected) else { return "" }
        let chosen = view.hand[selected]
        guard view.turn == view.viewer.seat, ended(view) == nil else { return "Selected: \(chosen.name)" }
        let count = playableCards(view).count
        let fits = playableCards(view).contains(chosen) ? "playable" : "does not fit"
        return "Selected: \(chosen.name), \(fits) · \(count) playable card\(count == 1 ? "" : "s") marked"
    }

    private func playableCards(_ view: CrazyEightsView) -> Set<Card> {
        Set(view.legalActions.compactMap { if case .play(let card, _) = $0 { card } else { nil } })
    }

    private func lastPlays(_ view: CrazyEightsView, _ style: TerminalStyle) -> String {
        let events = view.roundLog.suffix(4)
        guard !events.isEmpty else { return "none yet" }
        return events.map { event in
            let who = event.seat == view.viewer.seat ? "you" : "P\(event.seat + 1)"
            switch event {
            case .played(_, let played, let suit): return "\(who) \(card(style, played))" + (suit.map { " → \(suitText(style, $0))" } ?? "")
            case .drew(_, let count, _, _): return "\(who) drew \(count)"
            case .tookPenalty(_, let count): return "\(who) took \(count)"
            case .passed: return "\(who) passed"
            }
        }.joined(separator: " · ")
    }

    /// The rules name cards in their notation (`7C`); the screen says them as it draws them (`7♣`).
    public func explain(_ error: GameError) -> String {
        ScreenChrome.explain(error).replacing(/\b(10|[2-9AJQK])([CDHS])\b/) { match in
            (try? Card(notation: String(match.output.0))).map { card(.plain, $0) } ?? String(match.output.0)
        }
    }

    func card(_ style: TerminalStyle, _ card: Card) -> String {
        let text = card.rank.symbol + Self.symbol(card.suit)
        return card.suit == .hearts || card.suit == .diamonds ? style.red(text) : style.bold(text)
    }

    private func suitText(_ style: TerminalStyle, _ suit: Suit) -> String {
        let text = Self.symbol(suit) + " " + suit.rawValue
        return suit == .hearts || suit == .diamonds ? style.red(text) : text
    }

    static func symbol(_ suit: Suit) -> String {
        switch suit {
        case .clubs: "♣"
        case .diamonds: "♦"
        case .hearts: "♥"
        case .spades: "♠"
        }
    }

    static let rules = [
        "Crazy Eights rules",
        "",
        "Play a card that matches the top card's suit or rank. Eights are wild: play one on",
        "anything and name the suit to follow. If you cannot play, draw (d); when drawing is done",
        "and nothing fits, pass (p). Depending on the table's rules a queen skips the next player,",
        "an ace reverses the direction and a two makes the next player draw two unless they play a two.",
        "The first to empty their hand wins the round and scores the cards left in the other hands",
        "(eights 50, faces 10, others their number); the match ends when someone reaches the target.",
        "",
        "Keys: ← → or h l choose a card · Enter or space plays it · d draws · p passes ·",
        "c d h s name a suit after an eight · ? shows this · q leaves the game.",
    ]
}
