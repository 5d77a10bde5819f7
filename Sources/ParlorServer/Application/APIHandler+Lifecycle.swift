import ParlorAPI
import ParlorPlay

/// The waiting-game lifecycle routes, forwarded to Play.
extension APIHandler {
    func leaveGame(_ input: Operations.LeaveGame.Input) async throws -> Operations.LeaveGame.Output { try await playAPI.leaveGame(input) }
    func cancelGame(_ input: Operations.CancelGame.Input) async throws -> Operations.CancelGame.Output { try await playAPI.cancelGame(input) }
}
