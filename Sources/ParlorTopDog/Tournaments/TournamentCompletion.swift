import BestBall
import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Ends a tournament: scores every entry's weeks, runs the advancement schedule, stores the
/// standings and pays the prizes through the ledger, in one transaction.
package struct TournamentCompletion: Sendable {
    let database: Database
    let now: @Sendable () -> Date

    package init(database: Database, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    package func complete(_ id: String, by staff: StaffAction) async throws -> Advancement {
        let time = Int64((now().timeIntervalSince1970 * 1000).rounded())
        return try await database.transaction { sql in
            guard let tournament = try await TournamentStore.lock(id, on: sql) else { throw APIError.tournamentNotFound(id) }
            guard tournament.completedAt == nil else { throw APIError.tournamentClosed }
            guard tournament.cancelledAt == nil else { throw APIError.tournamentCancelled }
            let progress = try await TournamentStore.progress(on: sql)[id] ?? TournamentProgress()
            guard progress.rooms > 0, progress.roomsComplete == progress.rooms else {
                throw APIError(.conflict, code: "drafts_running", message: "every room must finish drafting first")
            }
            let (teams, points) = try await DraftedTeams.load(ofTournament: id, on: sql)
            let result = Advancement(schedule: tournament.schedule, entries: teams, points: points, prizes: tournament.prizes.map { Int($0) })
            _ = try await TournamentStore.complete(id, at: time, on: sql)
            for standing in result.standings {
                try await sql.insert(into: "topdog_standings")
                    .columns("tournament_id", "entry_id", "rank", "round_reached", "points_hundredths", "prize_cents")
                    .values(
                        SQLBind(id), SQLBind(standing.entry), SQLBind(standing.rank), SQLBind(standing.roundReached),
                        SQLBind(standing.points.hundredths), SQLBind(Int64(standing.prizeCents)))
                    .run()
            }
            try await pay(result.standings, of: tournament, at: time, on: sql)
            try await staff.record("topdog.tournament.complete", on: "tournament", id, at: time, in: sql)
            return result
        }
    }

    /// Prizes come out of the tournament's escrow; the house covers prizes above the fees taken
    /// and keeps what is left of them.
    private func pay(_ standings: [Advancement.Standing], of tournament: Tournament, at time: Int64, on sql: any SQLDatabase) async throws {
        let escrow = LedgerAccount.escrow(tournament.id)
        let held = try await LedgerStore.balance(of: escrow, on: sql)
        let owed = standings.reduce(Int64(0)) { $0 + Int64($1.prizeCents) }
        let settle = LedgerTransaction(
            id: UUID().uuidString.lowercased(), userID: nil, kind: .prize, status: .settled, amountCents: 0, idempotencyKey: nil,
            fingerprint: "settle:\(tournament.id)", reference: tournament.id, description: "Settle \(tournament.title)", failure: nil,
            createdAt: time, settledAt: time)
        try await LedgerStore.insert(settle, on: sql)
        if owed > held {
            try await LedgerStore.post(settle.id, legs: [Posting(LedgerAccount.house, -(owed - held)), Posting(escrow, owed - held)], at: time, on: sql)
        }
        // A house team's prize is not paid out: it stays in the escrow and goes to the house below.
        for standing in standings where standing.prizeCents > 0 && !HouseTeams.isHouse(standing.user) {
            let cents = Int64(standing.prizeCents)
            let prize = LedgerTransaction(
                id: UUID().uuidString.lowercased(), userID: standing.user, kind: .prize, status: .settled, amountCents: cents,
                idempotencyKey: "prize:\(tournament.id):\(standing.entry)", fingerprint: "prize:\(cents)", reference: tournament.id,
                description: "Prize: rank \(standing.rank) in \(tournament.title)", failure: nil, createdAt: time, settledAt: time)
            try await LedgerStore.insert(prize, on: sql)
            try await LedgerStore.post(prize.id, legs: [Posting(escrow, -cents), Posting(LedgerAccount.user(standing.user), cents)], at: time, on: sql)
        }
        let left = try await LedgerStore.balance(of: escrow, on: sql)
        if left > 0 {
            let rake = LedgerTransaction(
                id: UUID().uuidString.lowercased(), userID: nil, kind: .prize, status: .settled, amountCents: 0, idempotencyKey: nil,
                fingerprint: "rake:\(tournament.id)", reference: tournament.id, description: "Fees kept from \(tournament.title)", failure: nil,
                createdAt: time, settledAt: time)
            try await LedgerStore.insert(rake, on: sql)
            try await LedgerStore.post(rake.id, legs: [Posting(escrow, -left), Posting(LedgerAccount.house, left)], at: time, on: sql)
        }
    }
}
