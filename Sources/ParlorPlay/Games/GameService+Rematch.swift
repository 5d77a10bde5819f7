import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

extension GameService {
    /// A new game with the same players, settings and clock; every player who asks gets the same
    /// one (the link `rematch_of` is unique), and it starts like any game.
    func rematch(of id: UUID, user: String) async throws -> LiveGame {
        let game = try await live(id)
        guard game.seatRow(of: user) != nil else { throw APIError.notAPlayer() }
        guard game.row.status == .completed else { throw APIError.gameNotOver() }
        if let existing = try await database.withConnection({ sql in try await PlayStore.rematch(of: id, on: sql) }) {
            return try await live(existing)
        }
        let request = NewGame(
            gameID: game.row.gameID, players: game.row.players, mode: game.row.mode, settings: Data(game.row.settings.utf8),
            turnSeconds: game.row.turnSeconds, graceSeconds: game.row.graceSeconds, timeoutPolicy: game.row.timeoutPolicy)
        do {
            return try await create(request, by: user, rematchOf: id, members: game.seats.map(\.user))
        } catch {
            // Another player asked at the same moment and won the unique link: answer theirs.
            if let existing = try await database.withConnection({ sql in try await PlayStore.rematch(of: id, on: sql) }) {
                return try await live(existing)
            }
            throw error
        }
    }
}
