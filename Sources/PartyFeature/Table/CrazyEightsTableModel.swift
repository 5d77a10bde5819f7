import AppFoundation
import CrazyEights
import GameCore
import GameSession
import Observation

/// The Crazy Eights table: the hand with one card selected, which cards may be played, the
/// name-a-suit step after an eight, drawing and passing, the other seats, the round's last plays
/// and the round and match results. The terminal and SwiftUI render it; neither decides anything.
@MainActor @Observable
public final class CrazyEightsTableModel: GameTableFeature {
    public let table: GameTableModel<CrazyEights>
    /// Index into the hand; kept inside it whenever it is read.
    public private(set) var selected = 0
    /// The eight waiting for its suit to be named.
    public internal(set) var namingSuitFor: Card?

    public init(
        endpoint: any GameSessionEndpoint<CrazyEights>, seatLabels: [Int: String] = [:], leavePrompt: String = TableWording.leavePrompt,
        finalOutcome: GameTableModel<CrazyEights>.FinalOutcome? = nil
    ) {
        table = GameTableModel(
            endpoint: endpoint, seatLabels: seatLabels, leavePrompt: leavePrompt, finalOutcome: finalOutcome, wording: CardText.explain,
            reader: { (viewer: $0.viewer, players: $0.players) })
    }

    // MARK: Derived state

    public var view: CrazyEightsView? { table.view }
    public var hand: [Card] { view?.hand ?? [] }
    /// The selected index, within the hand as it is now.
    public var selectedIndex: Int { min(max(selected, 0), max(hand.count - 1, 0)) }
    public var selectedCard: Card? { hand.indices.contains(selectedIndex) ? hand[selectedIndex] : nil }
    /// Cards the rules let the viewer play now (empty out of turn).
    public var playableCards: Set<Card> {
        Set((view?.legalActions ?? []).compactMap { if case .play(let card, _) = $0 { card } else { nil } })
    }
    public var isMyTurn: Bool { !table.isOver && view?.turn != nil && view?.turn == table.viewerSeat }
    public var canDraw: Bool { view?.legalActions.contains(.draw) ?? false }
    public var canPass: Bool { view?.legalActions.contains(.pass) ?? false }

    /// "you" for the viewer, else "P2 Olga" (the seat's label, else its player's name).
    public func name(ofSeat seat: Int) -> String {
        if seat == table.viewerSeat { return "you" }
        return "P\(seat + 1) " + (table.label(ofSeat: seat) ?? "")
    }

    // MARK: Intents

    public func selectPrevious() {
        table.dismissMessage()
        selected = max(selectedIndex - 1, 0)
    }

    public func selectNext() {
        table.dismissMessage()
        selected = min(selectedIndex + 1, max(hand.count - 1, 0))
    }

    /// Selects the card at `index` of the hand (a tap on it).
    public func select(_ index: Int) {
        table.dismissMessage()
        if hand.indices.contains(index) { selected = index }
    }

    /// Plays the selected card; an eight first asks for the suit to name.
    public func playSelected() async {
        table.dismissMessage()
        guard checkTurn(), let card = selectedCard else { return }
        if card.rank == .eight {
            namingSuitFor = card
            table.message = "Name the suit to follow: clubs, diamonds, hearts or spades."
            return
        }
        await table.perform(.play(card))
    }

    /// Names the suit for the eight waiting for one; nil keeps the eight in the hand.
    public func nameSuit(_ suit: Suit?) async {
        table.dismissMessage()
        guard let eight = namingSuitFor else { return }
        namingSuitFor = nil
        guard let suit else {
            table.message = "No suit named; the eight stays in your hand."
            return
        }
        await table.perform(.play(eight, namedSuit: suit))
    }

    public func draw() async {
        table.dismissMessage()
        guard checkTurn() else { return }
        await table.perform(.draw)
    }

    public func pass() async {
        table.dismissMessage()
        guard checkTurn() else { return }
        await table.perform(.pass)
    }

    public func refresh() async { await table.refresh() }

    /// Whether the viewer may act now; says why not.
    private func checkTurn() -> Bool {
        guard let view, table.viewerSeat != nil else { return false }
        guard !table.isOver, let turn = view.turn else {
            table.message = TableWording.gameOver
            return false
        }
        guard turn == table.viewerSeat else {
            table.message = "Not your turn: waiting for \(name(ofSeat: turn))."
            return false
        }
        return true
    }

    /// A refusal as this table words it (cards as the hand shows them).
    nonisolated public static func explain(_ error: GameError) -> String { CardText.explain(error) }
}
