import ParlorAPI
import ParlorTopDog

/// TopDog's operations added for the operator console: one tournament with its money, its rooms,
/// a room's board as staff see it, and the player import.
extension APIHandler {
    func adminGetTournament(_ input: Operations.AdminGetTournament.Input) async throws -> Operations.AdminGetTournament.Output { try await topDogAPI.adminGetTournament(input) }
    func adminListTournamentRooms(_ input: Operations.AdminListTournamentRooms.Input) async throws -> Operations.AdminListTournamentRooms.Output {
        try await topDogAPI.adminListTournamentRooms(input)
    }
    func adminGetDraftRoom(_ input: Operations.AdminGetDraftRoom.Input) async throws -> Operations.AdminGetDraftRoom.Output { try await topDogAPI.adminGetDraftRoom(input) }
    func adminImportTopDogPlayers(_ input: Operations.AdminImportTopDogPlayers.Input) async throws -> Operations.AdminImportTopDogPlayers.Output {
        try await topDogAPI.adminImportTopDogPlayers(input)
    }
}
