import BestBall
import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Standings as players read them, from the stored rounds only.
extension TournamentRounds {
    package struct Place: Sendable, Equatable {
        package var rank: Int
        package var entry: String
        package var name: String
        package var roundReached: Int
        package var points: Points
        package var prizeCents: Int64?
        package var mine: Bool
    }

    /// One round of one of the caller's entries: its room or pod, its place there and the others in it.
    package struct RoundPlace: Sendable, Equatable {
        package var round: Int
        package var group: String
        package var groupRank: Int
        package var points: Points
        package var advanced: Bool
        /// Everyone in the group, best first (the caller's entry among them).
        package var matchup: [Place]
    }

    package struct MyEntry: Sendable, Equatable {
        package var entry: String
        package var name: String
        package var rank: Int
        package var rounds: [RoundPlace]
    }

    package struct Page: Sendable {
        package var tournament: Tournament
        /// The latest stored round, nil before the first is computed.
        package var round: Int?
        package var places: [Place]
        package var mine: [MyEntry]
        package var next: String?
    }

    /// A page of the standings after the latest stored round (by overall rank, after `cursor`),
    /// with every round of `user`'s own entries.
    package static func page(of tournament: Tournament, for user: String, cursor: String?, limit: Int, on sql: any SQLDatabase) async throws -> Page {
        let after: Int
        if let cursor {
            guard let rank = Int(cursor), rank >= 0 else { throw APIError.invalidField("cursor", "is not a cursor this server handed out") }
            after = rank
        } else {
            after = 0
        }
        guard (1...100).contains(limit) else { throw APIError.invalidField("limit", "must be 1 to 100") }
        guard let latest = try await sql.raw("SELECT MAX(round_index) AS r FROM topdog_rounds WHERE tournament_id = \(bind: tournament.id)").first()?
            .decode(column: "r", as: Int?.self)
        else { return Page(tournament: tournament, round: nil, places: [], mine: [], next: nil) }
        let rows = try await sql.raw("""
            SELECT s.*, e.name AS name, p.prize_cents AS prize_cents FROM topdog_round_entries s
            JOIN topdog_entries e ON e.id = s.entry_id
            LEFT JOIN topdog_standings p ON p.tournament_id = s.tournament_id AND p.entry_id = s.entry_id
            WHERE s.tournament_id = \(bind: tournament.id) AND s.round_index = \(bind: latest) AND s.overall_rank > \(bind: after)
            ORDER BY s.overall_rank LIMIT \(bind: limit + 1)
            """).all()
        let places = try rows.prefix(limit).map { try place($0, user: user) }
        let next = rows.count > limit ? places.last.map { String($0.rank) } : nil
        return Page(tournament: tournament, round: latest, places: places, mine: try await mine(in: tournament.id, for: user, latest: latest, on: sql), next: next)
    }

    private static func mine(in tournament: String, for user: String, latest: Int, on sql: any SQLDatabase) async throws -> [MyEntry] {
        let rows = try await sql.raw("""
            SELECT s.*, e.name AS name FROM topdog_round_entries s JOIN topdog_entries e ON e.id = s.entry_id
            WHERE s.tournament_id = \(bind: tournament) AND s.user_id = \(bind: user) ORDER BY s.entry_id, s.round_index
            """).all()
        var entries: [MyEntry] = []
        for row in rows {
            let entry = try row.decode(column: "entry_id", as: String.self)
            let round = try row.decode(column: "round_index", as: Int.self)
            if entries.last?.entry != entry {
                entries.append(MyEntry(entry: entry, name: try row.decode(column: "name", as: String.self), rank: 0, rounds: []))
            }
            if round == latest { entries[entries.count - 1].rank = try row.decode(column: "overall_rank", as: Int.self) }
            guard try row.decode(column: "played", as: Int.self) == 1, let group = try row.decode(column: "group_id", as: String?.self) else { continue }
            let matchup = try await sql.raw("""
                SELECT s.*, e.name AS name FROM topdog_round_entries s JOIN topdog_entries e ON e.id = s.entry_id
                WHERE s.tournament_id = \(bind: tournament) AND s.round_index = \(bind: round) AND s.group_id = \(bind: group)
                ORDER BY s.group_rank
                """).all()
            entries[entries.count - 1].rounds.append(
                RoundPlace(
                    round: round, group: group, groupRank: try row.decode(column: "group_rank", as: Int.self),
                    points: Points(hundredths: try row.decode(column: "points_hundredths", as: Int.self)),
                    advanced: try row.decode(column: "advanced", as: Int.self) == 1,
                    matchup: try matchup.map { row in
                        var place = try place(row, user: user)
                        // In a group, the rank is the place there and the points this round's.
                        place.rank = try row.decode(column: "group_rank", as: Int.self)
                        place.points = Points(hundredths: try row.decode(column: "points_hundredths", as: Int.self))
                        return place
                    }))
        }
        return entries.sorted { ($0.rank, $0.entry) < ($1.rank, $1.entry) }
    }

    private static func place(_ row: any SQLRow, user: String) throws -> Place {
        Place(
            rank: try row.decode(column: "overall_rank", as: Int.self), entry: try row.decode(column: "entry_id", as: String.self),
            name: try row.decode(column: "name", as: String.self), roundReached: try row.decode(column: "round_reached", as: Int.self),
            points: Points(hundredths: try row.decode(column: "overall_hundredths", as: Int.self)),
            prizeCents: try? row.decode(column: "prize_cents", as: Int64?.self), mine: try row.decode(column: "user_id", as: String.self) == user)
    }
}
