import Foundation
import Quortex

/// How strongly a bot seat plays in practice: each difficulty is one of the built-in bots, the
/// same ones `parlor play quortex --bots` offers.
public enum PracticeDifficulty: String, CaseIterable, Codable, Sendable, Identifiable {
    case easy, medium, hard

    public var id: String { rawValue }

    /// Easy places anywhere legal; medium follows route distance; hard also looks a turn ahead.
    public var botKind: QuortexBotKind {
        switch self {
        case .easy: .random
        case .medium: .heuristic
        case .hard: .lookahead
        }
    }

    /// "Easy", as a picker shows it.
    public var title: String { rawValue.capitalized }

    /// The seat's label on the table, as the terminal labels its bots.
    public var seatLabel: String { "bot (\(rawValue))" }
}
