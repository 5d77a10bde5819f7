import BestBall
import SQLKit

/// The teams a tournament's rooms drafted, with the points their players scored: what completion
/// and the stored rounds both run the advancement over. Entries of closed rooms were refunded and
/// drafted no team, so they are not among them.
enum DraftedTeams {
    static func load(ofTournament id: String, on sql: any SQLDatabase) async throws -> (teams: [TournamentEntry], points: WeeklyPoints) {
        let entries = try await RoomStore.entries(inTournament: id, on: sql, drafted: true)
        let picks = try await RoomStore.picks(ofEntries: entries.map(\.id), on: sql)
        let teams = entries.map { entry in
            TournamentEntry(
                id: entry.id, user: entry.userID, room: entry.roomID, order: entry.order,
                roster: (picks[entry.id] ?? []).map { .init(playerID: $0.playerID, position: $0.position) })
        }
        return (teams, try await WeekPointsStore.points(of: Set(picks.values.flatMap { $0.map(\.playerID) }), on: sql))
    }
}
