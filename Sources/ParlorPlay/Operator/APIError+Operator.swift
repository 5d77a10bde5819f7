import Foundation
import HTTPTypes
import ParlorAPI
import ParlorHTTP

/// The refusals of staff's resign-a-seat and end-a-game.
extension APIError {
    /// Only a game being played has seats to resign: 409 `game_not_active`.
    static func gameNotActive(_ status: GameStatus) -> APIError {
        switch status {
        case .waiting: APIError(.conflict, code: "game_not_active", message: "the game has not started; end it instead")
        case .completed, .abandoned, .active: APIError(.conflict, code: "game_not_active", message: "the game is over")
        }
    }

    /// A game that is over has nothing left to end: 409 `game_ended`.
    static func gameEndedAlready(_ status: GameStatus) -> APIError {
        APIError(.conflict, code: "game_ended", message: status == .abandoned ? "the game has ended already, with no result" : "the game is over")
    }

    static func noSuchSeat(_ seat: Int, in id: UUID) -> APIError {
        .notFound("game \(id.canonicalText) has no seat \(seat)")
    }
}
