import BestBall
import Foundation
import ParlorDatabase
import SQLKit

/// Each round of a tournament's advancement, stored once when it is computed: a round is due when
/// every room has drafted and points are in for its last week. Standings are then read from these
/// rows (a page by overall rank, a pod by its id) instead of recomputing the whole advancement over
/// every roster and week on each read.
///
/// A round's row in `topdog_rounds` is the claim: the transaction whose insert lands writes the
/// round's entries; a racing one (another node, another reader) finds the row and writes nothing.
package enum TournamentRounds {
    /// Stores the rounds that are due and not stored yet; returns how many this call stored.
    @discardableResult
    package static func storeDue(_ tournament: Tournament, at time: Int64, in database: Database) async throws -> Int {
        let missing = try await database.withConnection { sql in try await dueRounds(of: tournament, on: sql) }
        guard !missing.isEmpty else { return 0 }
        return try await database.transaction { sql in
            let (teams, points) = try await DraftedTeams.load(ofTournament: tournament.id, on: sql)
            let schedule = tournament.schedule
            let full = Advancement(schedule: schedule, entries: teams, points: points)
            var stored = 0
            for index in missing where index < full.rounds.count {
                let claimed = try await sql.raw("""
                    INSERT INTO topdog_rounds (tournament_id, round_index, name, computed_at)
                    VALUES (\(bind: tournament.id), \(bind: index), \(bind: schedule.rounds[index].name), \(bind: time))
                    ON CONFLICT (tournament_id, round_index) DO NOTHING RETURNING round_index
                    """).first()
                guard claimed != nil else { continue }
                // The ranking after this round: the schedule up to it, its last round ranking the field.
                let after = Advancement(schedule: AdvancementSchedule(rounds: Array(schedule.rounds.prefix(index + 1))), entries: teams, points: points)
                try await insert(round: index, of: tournament.id, result: full.rounds[index], ranking: after.standings, on: sql)
                stored += 1
            }
            return stored
        }
    }

    /// Rounds whose weeks are scored, with every room drafted, that are not stored yet.
    private static func dueRounds(of tournament: Tournament, on sql: any SQLDatabase) async throws -> [Int] {
        guard tournament.cancelledAt == nil else { return [] }
        // Every room drafted (closed rooms drafted nothing and do not count).
        let rooms = try await LedgerReports.rooms(of: tournament.id, on: sql)
        let complete = rooms[.complete] ?? 0
        guard complete > 0, complete + (rooms[.cancelled] ?? 0) == rooms.values.reduce(0, +) else { return [] }
        guard let latest = try await sql.raw("SELECT MAX(week) AS week FROM topdog_week_points").first()?.decode(column: "week", as: Int?.self)
        else { return [] }
        let stored = Set(
            try await sql.select().column("round_index").from("topdog_rounds").where("tournament_id", .equal, tournament.id).all()
                .map { try $0.decode(column: "round_index", as: Int.self) })
        return tournament.schedule.rounds.indices.filter { tournament.schedule.rounds[$0].lastWeek <= latest && !stored.contains($0) }
    }

    private static func insert(
        round index: Int, of tournament: String, result: Advancement.RoundResult, ranking: [Advancement.Standing], on sql: any SQLDatabase
    ) async throws {
        var places: [String: (group: String, rank: Int, points: Int)] = [:]
        for group in result.groups {
            for (offset, score) in group.scores.enumerated() { places[score.entry] = (group.id, offset + 1, score.points.hundredths) }
        }
        let advanced = Set(result.advanced)
        for chunk in stride(from: 0, to: ranking.count, by: 400).map({ ranking[$0..<min($0 + 400, ranking.count)] }) {
            var insert = sql.insert(into: "topdog_round_entries").columns(
                "tournament_id", "round_index", "entry_id", "user_id", "played", "group_id", "group_rank", "points_hundredths", "advanced",
                "round_reached", "overall_rank", "overall_hundredths")
            for standing in chunk {
                let place = places[standing.entry]
                insert = insert.values(
                    SQLBind(tournament), SQLBind(index), SQLBind(standing.entry), SQLBind(standing.user), SQLBind(place == nil ? 0 : 1),
                    SQLBind(place?.group), SQLBind(place?.rank), SQLBind(place?.points), SQLBind(advanced.contains(standing.entry) ? 1 : 0),
                    SQLBind(standing.roundReached), SQLBind(standing.rank), SQLBind(standing.points.hundredths))
            }
            try await insert.run()
        }
    }
}
