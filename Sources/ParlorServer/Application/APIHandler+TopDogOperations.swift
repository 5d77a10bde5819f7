import ParlorAPI
import ParlorTopDog

/// TopDog's operations: the admin's pause, resume, edit, cancel and reads, and the standings.
extension APIHandler {
    func adminPauseDraft(_ input: Operations.AdminPauseDraft.Input) async throws -> Operations.AdminPauseDraft.Output { try await topDogAPI.adminPauseDraft(input) }
    func adminResumeDraft(_ input: Operations.AdminResumeDraft.Input) async throws -> Operations.AdminResumeDraft.Output { try await topDogAPI.adminResumeDraft(input) }
    func adminEditTournament(_ input: Operations.AdminEditTournament.Input) async throws -> Operations.AdminEditTournament.Output {
        try await topDogAPI.adminEditTournament(input)
    }
    func adminCancelTournament(_ input: Operations.AdminCancelTournament.Input) async throws -> Operations.AdminCancelTournament.Output {
        try await topDogAPI.adminCancelTournament(input)
    }
    func adminListTournaments(_ input: Operations.AdminListTournaments.Input) async throws -> Operations.AdminListTournaments.Output {
        try await topDogAPI.adminListTournaments(input)
    }
    func adminUserLedger(_ input: Operations.AdminUserLedger.Input) async throws -> Operations.AdminUserLedger.Output { try await topDogAPI.adminUserLedger(input) }
    func adminListPayments(_ input: Operations.AdminListPayments.Input) async throws -> Operations.AdminListPayments.Output { try await topDogAPI.adminListPayments(input) }
    func getTournamentStandings(_ input: Operations.GetTournamentStandings.Input) async throws -> Operations.GetTournamentStandings.Output {
        try await topDogAPI.getTournamentStandings(input)
    }
}
