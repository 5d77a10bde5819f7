import Foundation
import GameCore
import HTTPTypes
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP

/// Staff resign a seat (a player who walked away from a turn-based game, a cheat): the seat's
/// player resigns as by their own request, planned by the game's ``AuthoritativeTable``, so the
/// game goes on or ends as its rules say and every follower hears it as any move. The step is
/// written in a transaction of its own with its `game.seat.resign` audit record.
extension MoveService {
    /// `staff` resigns `seat` of game `id`; answers the game after it. A seat already resigned
    /// answers the game as it is and records nothing. 404 for no such seat, 409 when the game
    /// is not being played.
    package func resign(seat: Int, of id: UUID, by staff: StaffAction) async throws -> LiveGame {
        for attempt in 0..<5 {
            let game = attempt == 0 ? try await live(id) : try await reload(id)
            let player = game.user(at: seat)
            if player?.resigned == true { return game }
            guard game.row.status == .active else { throw APIError.gameNotActive(game.row.status) }
            guard let player else { throw APIError.noSuchSeat(seat, in: id) }
            let planned: Planned
            do {
                // A move id of its own, so it never answers as the repeat of a player's request.
                planned = try plan(.resign, by: seat, moveID: "staff-resign-\(UUID().canonicalText)", in: game)
            } catch {
                throw APIError.illegalMove(error)
            }
            guard case .step(let step) = planned else { return game }
            if let stored = try await commit(step, recording: staff, seat: seat, user: player.user) { return stored }
        }
        throw APIError(.conflict, code: "busy", message: "the game changed too often while the seat was resigned; try again")
    }

    /// Writes the step, its notices and the audit record together; nil when another writer moved
    /// the game first. Runs to the end even when the caller is cancelled, as a player's move does.
    private func commit(_ step: MoveStep, recording staff: StaffAction, seat: Int, user: String) async throws -> LiveGame? {
        let (database, bus, cache, hooks, now) = (database, bus, cache, games.hooks, millis)
        let id = step.after.id
        return try await Task {
            try await bus.transaction(on: database) { sql, announcements in
                guard let stored = try await step.store(at: now, hooks: hooks, on: sql) else { return nil as LiveGame? }
                announcements.announce(step.notices(stored: stored))
                try await staff.record(
                    "game.seat.resign", on: "game", id.canonicalText, details: ["seat": String(seat), "user": user], at: now, in: sql)
                return stored.game
            } committed: { stored in
                if let stored { cache.put(stored) }
            }
        }.value
    }
}
