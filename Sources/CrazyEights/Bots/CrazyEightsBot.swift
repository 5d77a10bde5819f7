import GameCore

/// A computer player. Bots see only the view of their own seat, never another hand or the
/// stock, and draw any randomness from the generator they are handed, so a bot game replays
/// exactly from its record.
public protocol CrazyEightsBot: Sendable {
    /// A short name for seat labels, e.g. `heuristic`.
    var name: String { get }

    /// The action to take when it is the viewer's turn, or nil when the view offers none.
    func chooseAction(in view: CrazyEightsView, random: inout GameRandom) -> CrazyEightsAction?
}

/// The built-in bots, by name (for the command line and practice games).
public enum CrazyEightsBotKind: String, CaseIterable, Codable, Sendable {
    /// Easy: any legal action.
    case random
    /// Medium: saves eights, sheds high cards, keeps to its long suit, leads into suits the next
    /// player is known to lack.
    case heuristic

    public var bot: any CrazyEightsBot {
        switch self {
        case .random: RandomBot()
        case .heuristic: HeuristicBot()
        }
    }
}

/// Picks uniformly among the legal actions, named suits included.
public struct RandomBot: CrazyEightsBot {
    public let name = "random"

    public init() {}

    public func chooseAction(in view: CrazyEightsView, random: inout GameRandom) -> CrazyEightsAction? {
        random.element(of: view.legalActions)
    }
}
