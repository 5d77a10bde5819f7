import AppFoundation
import CrazyEights
import GameCore

/// Another seat at the table, as the table shows it.
public struct CrazyEightsSeat: Equatable, Sendable {
    public var seat: Int
    /// "P2 Olga".
    public var name: String
    public var handCount: Int
    public var score: Int
    /// It is this seat's turn (and the game goes on).
    public var isToMove: Bool
}

/// One of the round's last public plays.
public struct CrazyEightsPlay: Equatable, Sendable {
    public var event: PublicEvent
    /// "you" or "P2".
    public var who: String
}

/// Whose turn it is, as a screen shows it.
public enum CrazyEightsTurn: Equatable, Sendable {
    case loading
    case yours
    case waiting(seat: Int, name: String)
    case over(verdict: String)
}

extension CrazyEightsTableModel {
    public var turn: CrazyEightsTurn {
        guard let view else { return .loading }
        if let verdict = table.verdict { return .over(verdict: verdict) }
        guard let turn = view.turn else { return .loading }
        return turn == table.viewerSeat ? .yours : .waiting(seat: turn, name: name(ofSeat: turn))
    }

    /// Every seat but the viewer's, in seat order.
    public var otherSeats: [CrazyEightsSeat] {
        guard let view else { return [] }
        return view.players.indices.filter { $0 != view.viewer.seat }.map { seat in
            CrazyEightsSeat(
                seat: seat, name: name(ofSeat: seat), handCount: view.handCounts.indices.contains(seat) ? view.handCounts[seat] : 0,
                score: view.scores.indices.contains(seat) ? view.scores[seat] : 0, isToMove: view.turn == seat && !table.isOver)
        }
    }

    /// The suit to follow was named by an eight (or differs from the top card's).
    public var suitWasNamed: Bool {
        guard let view, let top = view.topCard else { return false }
        return top.rank == .eight || top.suit != view.currentSuit
    }

    /// The round's last four public plays, oldest first.
    public var lastPlays: [CrazyEightsPlay] {
        guard let view else { return [] }
        return view.roundLog.suffix(4).map { CrazyEightsPlay(event: $0, who: $0.seat == view.viewer.seat ? "you" : "P\($0.seat + 1)") }
    }

    /// "you 7♣ · P2 drew 1 · P3 8♠ → ♥ hearts", or "none yet".
    public var lastPlaysText: String {
        let plays = lastPlays
        guard !plays.isEmpty else { return "none yet" }
        return plays.map { play in
            switch play.event {
            case .played(_, let card, let suit): "\(play.who) \(CardText.text(card))" + (suit.map { " → \(CardText.text($0))" } ?? "")
            case .drew(_, let count, _, _): "\(play.who) drew \(count)"
            case .tookPenalty(_, let count): "\(play.who) took \(count)"
            case .passed: "\(play.who) passed"
            }
        }.joined(separator: " · ")
    }

    /// The last round's result while no new round has started (or at the end of the match):
    /// "Round 2 went to you · scores P1 34, P2 0".
    public var roundResultText: String? {
        guard let view, let round = view.lastRound, view.outcome != nil || view.roundLog.isEmpty else { return nil }
        let winners = round.winners.map { name(ofSeat: $0) }.joined(separator: " and ")
        let scores = view.scores.enumerated().map { "P\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
        return "Round \(round.round) went to \(winners.isEmpty ? "nobody" : winners) · scores \(scores)"
    }

    /// "Your score: 12 of 100" during a round.
    public var scoreText: String? {
        guard let view, let seat = view.viewer.seat, view.scores.indices.contains(seat) else { return nil }
        return "Your score: \(view.scores[seat]) of \(view.settings.targetScore)"
    }

    /// What the selected card can do: "Selected: the seven of clubs, playable · 3 playable cards".
    public var selectionText: String? {
        guard let card = selectedCard else { return nil }
        guard isMyTurn else { return "Selected: \(card.name)" }
        let playable = playableCards
        let fits = playable.contains(card) ? "playable" : "does not fit"
        return "Selected: \(card.name), \(fits) · \(playable.count) playable card\(playable.count == 1 ? "" : "s")"
    }

    public static let rulesTitle = "Crazy Eights rules"

    /// The game's rules, one line each; a face adds its own controls.
    public static let rules = [
        "Play a card that matches the top card's suit or rank. Eights are wild: play one on",
        "anything and name the suit to follow. If you cannot play, draw; when drawing is done",
        "and nothing fits, pass. Depending on the table's rules a queen skips the next player,",
        "an ace reverses the direction and a two makes the next player draw two unless they play a two.",
        "The first to empty their hand wins the round and scores the cards left in the other hands",
        "(eights 50, faces 10, others their number); the match ends when someone reaches the target.",
    ]
}
