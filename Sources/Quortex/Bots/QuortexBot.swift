import GameCore

/// A computer player. Bots see only the public position, never the bag, and draw any randomness
/// from the generator they are handed, so a bot game replays exactly.
public protocol QuortexBot: Sendable {
    /// A short name for seat labels, e.g. `heuristic`.
    var name: String { get }

    /// The placement to make for the current player, or nil when the drawn tile fits nowhere.
    func choosePlacement(in position: QuortexPosition, random: inout GameRandom) -> Placement?
}

/// The built-in bots, by name (for the command line and practice games).
public enum QuortexBotKind: String, CaseIterable, Codable, Sendable {
    /// Easy: any legal placement.
    case random
    /// Medium: the best placement by route distance.
    case heuristic
    /// Hard: route distance, one turn ahead over the tiles the next player may draw.
    case lookahead

    public var bot: any QuortexBot {
        switch self {
        case .random: RandomBot()
        case .heuristic: HeuristicBot()
        case .lookahead: LookaheadBot()
        }
    }
}

/// Picks uniformly among the legal placements.
public struct RandomBot: QuortexBot {
    public let name = "random"

    public init() {}

    public func choosePlacement(in position: QuortexPosition, random: inout GameRandom) -> Placement? {
        random.element(of: position.legalPlacements)
    }
}
