import Foundation
import HTTPTypes
import ParlorHTTP

/// The errors of leaving and cancelling a waiting game.
extension APIError {
    /// Leaving or cancelling is for a game nobody has played yet: 409, with a code saying why not.
    static func notWaiting(_ status: GameStatus) -> APIError {
        switch status {
        case .active: APIError(.conflict, code: "game_started", message: "the game has started; resign instead")
        case .abandoned: APIError(.conflict, code: "game_abandoned", message: "the game was cancelled or expired")
        case .completed, .waiting: APIError(.conflict, code: "game_ended", message: "the game is over")
        }
    }

    /// A game quick match made has no invite code to fill a freed place with.
    static func notPrivate() -> APIError {
        APIError(.conflict, code: "not_private", message: "only a private game (invite code or rematch) can be left or cancelled while it waits")
    }

    static func creatorCannotLeave() -> APIError {
        APIError(.conflict, code: "creator_cannot_leave", message: "you made this game: cancel it instead")
    }

    static func notTheCreator() -> APIError {
        APIError(.forbidden, code: "not_the_creator", message: "only the player who made the game can cancel it")
    }
}
