import Foundation
import GameCore
import HTTPTypes
import ParlorAPI
import ParlorHTTP

/// The errors of the games routes and the real-time channel.
extension APIError {
    /// The engine refused the move: 422 with the engine's code (`not_your_turn`, `invalid_action`, `game_over`).
    package static func illegalMove(_ error: GameError) -> APIError {
        switch error.code {
        case .invalidAction, .notYourTurn, .gameOver:
            APIError(.unprocessableContent, code: error.code.rawValue, message: error.message)
        case .corruptedPayload, .desync, .versionMismatch, .unsupportedGameVersion:
            APIError(.badRequest, code: error.code.rawValue, message: error.message)
        }
    }

    package static func gameNotFound(_ id: UUID) -> APIError {
        .notFound("there is no game \(id.canonicalText)")
    }

    package static func stale(expected: Int, current: Int) -> APIError {
        APIError(.conflict, code: "stale", message: "the move was made against seq \(expected); the game is at \(current)")
    }

    package static func notAPlayer() -> APIError {
        APIError(.forbidden, code: "not_a_player", message: "you have no seat in this game")
    }

    package static func notStarted() -> APIError {
        APIError(.conflict, code: "not_started", message: "the game has not started yet")
    }

    package static func gameFull() -> APIError {
        APIError(.conflict, code: "game_full", message: "every place in this game is taken")
    }

    package static func gameNotOver() -> APIError {
        APIError(.conflict, code: "game_not_over", message: "the record is published when the game is over")
    }
}
