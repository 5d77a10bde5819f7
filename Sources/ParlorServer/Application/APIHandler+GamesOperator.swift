import ParlorAPI
import ParlorPlay

/// Staff's actions on games (resign a seat, end a game), forwarded to Play.
extension APIHandler {
    func adminResignSeat(_ input: Operations.AdminResignSeat.Input) async throws -> Operations.AdminResignSeat.Output {
        try await playAPI.adminResignSeat(input)
    }
    func adminEndGame(_ input: Operations.AdminEndGame.Input) async throws -> Operations.AdminEndGame.Output { try await playAPI.adminEndGame(input) }
}
