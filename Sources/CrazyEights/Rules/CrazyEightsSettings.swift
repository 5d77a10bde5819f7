import GameCore

/// The settings snapshot of a Crazy Eights match: a preset plus the switches it sets, each of
/// which the host may change on its own.
///
/// `preset` is the base the switches started from; it matters only when decoding a snapshot that
/// leaves a switch out (see `SettingsCoding.swift`). The rules read the switches, never the preset.
public struct CrazyEightsSettings: GameSettings {
    public static let currentVersion = 1

    /// A named starting point for the switches.
    public enum Preset: String, Codable, CaseIterable, Hashable, Sendable {
        /// Only eights are special.
        case classic
        /// Queens skip, aces reverse and twos make the next player draw two (stacking).
        case party
    }

    /// What a player without a playable card does.
    public enum DrawRule: String, Codable, CaseIterable, Hashable, Sendable {
        /// Draw one card at a time until one can be played (or the limits stop it).
        case untilPlayable
        /// Draw a single card; play it if it fits, otherwise pass.
        case oneThenPass
    }

    public var settingsVersion: Int
    public var preset: Preset
    public var queenSkips: Bool
    public var aceReverses: Bool
    /// Twos add two to a penalty the next player must stack on or draw.
    public var twoDrawsTwo: Bool
    public var drawRule: DrawRule
    /// Nil for no limit.
    public var maxDrawsPerTurn: Int?
    /// Turn the discard pile (all but its top card) over as a new stock when the stock runs out.
    public var reshuffleDiscard: Bool
    /// Nil for the usual size: 7 cards with two players, 5 with more.
    public var handSize: Int?
    /// The match ends after the round in which someone reaches this score.
    public var targetScore: Int

    /// The preset's switches.
    public init(preset: Preset = .classic) {
        settingsVersion = Self.currentVersion
        self.preset = preset
        let party = preset == .party
        queenSkips = party
        aceReverses = party
        twoDrawsTwo = party
        drawRule = .untilPlayable
        maxDrawsPerTurn = nil
        reshuffleDiscard = true
        handSize = nil
        targetScore = 100
    }

    public static var classic: CrazyEightsSettings { CrazyEightsSettings(preset: .classic) }
    public static var party: CrazyEightsSettings { CrazyEightsSettings(preset: .party) }

    /// The hand each player is dealt.
    public func handSize(players: Int) -> Int { handSize ?? (players == 2 ? 7 : 5) }

    /// Refuses settings no round can be played with, naming the field at fault.
    public func validate(players: Int) throws(GameError) {
        let size = handSize(players: players)
        let cards = Deck.cards(players: players).count
        guard size >= 1 else { throw .invalidAction("handSize must be at least 1, not \(size)") }
        // Every round needs a starter and at least one card in the stock.
        guard players * size + 2 <= cards else {
            throw .invalidAction(
                "handSize \(size) is too large for \(players) players: \(players * size) of the \(cards) cards would leave no stock and starter (at most \((cards - 2) / players))")
        }
        if let maxDrawsPerTurn, maxDrawsPerTurn < 1 {
            throw .invalidAction("maxDrawsPerTurn must be at least 1 (or null for no limit), not \(maxDrawsPerTurn)")
        }
        guard targetScore >= 1 else { throw .invalidAction("targetScore must be at least 1, not \(targetScore)") }
    }
}
