import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorHTTP

/// Leaving and cancelling a waiting game (``GameService/leave(_:user:)``, ``GameService/cancel(_:by:)``).
extension PlayAPI {
    package func leaveGame(_ input: Operations.LeaveGame.Input) async throws -> Operations.LeaveGame.Output {
        let user = try await accounts.authenticate()
        try await play.games.leave(try gameKey(input.path.gameID), user: user.userID)
        return .noContent(.init())
    }

    package func cancelGame(_ input: Operations.CancelGame.Input) async throws -> Operations.CancelGame.Output {
        let user = try await accounts.authenticate()
        let game = try await play.games.cancel(try gameKey(input.path.gameID), by: user.userID)
        return .ok(.init(body: .json(try game.representation(for: user.userID))))
    }
}
