import GameCore
import Testing

@testable import CrazyEights

/// Cards from notation separated by spaces: `cards("8H 10S QD")`.
func cards(_ text: String) throws -> [Card] {
    try text.split(separator: " ").map { try Card(notation: String($0)) }
}

func card(_ text: String) throws -> Card { try Card(notation: text) }

/// Builds a position by hand: hands, stock (next card drawn last), discard pile (top card last),
/// whose turn it is and the settings.
struct Scenario {
    var hands: [String]
    var stock = "3C 4C 5C 6C"
    var discard = "9S"
    /// Nil for the top card's suit.
    var currentSuit: Suit?
    var turn = 0
    var dealer = 0
    var direction = TurnDirection.clockwise
    var pendingPenalty = 0
    var drawsThisTurn = 0
    var scores: [Int]?
    var settings = CrazyEightsSettings.classic

    init(_ hands: String..., settings: CrazyEightsSettings = .classic) {
        self.hands = hands
        self.settings = settings
    }

    func state() throws -> CrazyEightsState {
        let discardCards = try cards(discard)
        let players = GamePlayer.seats(hands.count)
        var state = CrazyEightsState(players: players, settings: settings, dealer: dealer, random: GameRandom(seed: 99))
        state.hands = try hands.map(cards)
        state.stock = try cards(stock)
        state.discard = discardCards
        state.currentSuit = currentSuit ?? discardCards.last?.suit ?? .clubs
        state.turn = turn
        state.direction = direction
        state.pendingPenalty = pendingPenalty
        state.drawsThisTurn = drawsThisTurn
        if let scores { state.scores = scores }
        return state
    }
}

extension CrazyEightsState {
    /// Applies notation actions, each by the seat whose turn it is.
    func playing(_ moves: String...) throws -> CrazyEightsState {
        var state = self
        for move in moves {
            state = try CrazyEights.reduce(state, CrazyEightsAction(notation: move), by: state.turn)
        }
        return state
    }

    /// The error `move` by `seat` (default: the player to act) is refused with, or nil if accepted.
    func refusal(_ move: String, by seat: Int? = nil) throws -> GameError? {
        let action = try CrazyEightsAction(notation: move)
        do {
            _ = try CrazyEights.reduce(self, action, by: seat ?? turn)
            return nil
        } catch {
            return error
        }
    }

    /// The legal actions of the player to act, as notation.
    var legal: [String] { (CrazyEights.legalActions(in: self, for: turn) ?? []).map(\.notation) }

    func hand(_ seat: Int) -> [String] { hands[seat].map(\.notation) }
}

/// Settings for quick tests: a preset with a few switches changed.
func settings(_ preset: CrazyEightsSettings.Preset = .classic, _ change: (inout CrazyEightsSettings) -> Void = { _ in })
    -> CrazyEightsSettings
{
    var settings = CrazyEightsSettings(preset: preset)
    change(&settings)
    return settings
}

/// The multiset of `cards` as counts per card, for conservation checks.
func counts(_ cards: [Card]) -> [Card: Int] {
    cards.reduce(into: [:]) { $0[$1, default: 0] += 1 }
}

/// The same multiset as a count for each of the 52 faces: much cheaper in the property loops.
func tally(_ cards: [Card]) -> [Int] {
    var tally = [Int](repeating: 0, count: 52)
    for card in cards {
        let suit =
            switch card.suit {
            case .clubs: 0
            case .diamonds: 13
            case .hearts: 26
            case .spades: 39
            }
        tally[suit + card.rank.rawValue - 1] += 1
    }
    return tally
}

/// Plays one match with `bots`, handing `visit` each state before an action, the action and
/// the state after it.
func playMatch(
    players: Int, settings: CrazyEightsSettings, seed: UInt64, bots: [any CrazyEightsBot],
    visit: (CrazyEightsState, SeatedAction<CrazyEightsAction>, CrazyEightsState) throws -> Void = { _, _, _ in }
) throws -> (GameRecord<CrazyEights>, CrazyEightsState) {
    var record = GameRecord<CrazyEights>(settings: settings, seed: GameSeed(seed), seats: GamePlayer.seats(players))
    var state = try CrazyEights.initialState(players: record.seats, settings: settings, seed: record.seed)
    var random = GameRandom(seed: GameSeed(seed), stream: 7)
    while !state.isOver {
        if record.actions.count >= SelfPlay.actionCap {
            Issue.record("seed \(seed) hit the action cap")
            break
        }
        let seat = state.turn
        let view = CrazyEights.view(of: state, for: .player(seat: seat))
        let action = try #require(bots[seat % bots.count].chooseAction(in: view, random: &random))
        let next = try record.append(action, by: seat, to: state)
        try visit(state, SeatedAction(seat: seat, action: action), next)
        state = next
    }
    return (record, state)
}
