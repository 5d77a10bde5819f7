import GameCore
import ParlorClient

/// How the player finds a game online.
public enum OnlineMatchWay: Sendable, Equatable {
    /// Paired by the server with players of about the same rating.
    case quickMatch(players: Int)
    /// A new private game; friends join with its invite code.
    case privateGame(players: Int)
    /// A friend's private game, by its invite code.
    case join(code: String)
}

/// Where the online flow is, from signing in to the game's end.
public enum OnlineMatchPhase: Sendable, Equatable {
    case idle
    case signingIn
    case signedIn
    /// Entering quick match, creating or joining a game.
    case finding
    /// In the quick-match queue, waiting for this many other players.
    case searching(otherPlayers: Int)
    /// The game exists and waits for `missing` players (the invite code, for a private game).
    case waitingForPlayers(missing: Int, inviteCode: String?)
    /// The game has its players and is being opened.
    case starting
    /// Started: the table plays on ``OnlineMatchModel/endpoint``.
    case playing
    /// Over, with the authority's outcome (nil when the server has not said how).
    case finished(GameOutcome?)
    /// The player resigned and left.
    case resigned
    case failed(ParlorError)
}
