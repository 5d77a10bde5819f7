import BestBall
import SQLKit

/// SQL over `topdog_players`.
package enum PlayerStore {
    /// Rows per statement: one round trip per hundred players instead of one per player (the
    /// pool is seeded inside a migration, which every new database runs).
    static let rowsPerStatement = 100

    /// Inserts `players`, replacing the stored row of any id already there (the last of several
    /// with one id wins).
    package static func upsert(_ players: [DraftPlayer], at time: Int64, on sql: any SQLDatabase) async throws {
        var latest: [String: Int] = [:]
        for (index, player) in players.enumerated() { latest[player.id] = index }
        let unique = players.enumerated().filter { latest[$0.element.id] == $0.offset }.map(\.element)
        for start in stride(from: 0, to: unique.count, by: rowsPerStatement) {
            let rows = unique[start..<min(start + rowsPerStatement, unique.count)].map { player -> SQLQueryString in
                """
                (\(bind: player.id), \(bind: player.firstName), \(bind: player.lastName), \(bind: player.position.rawValue), \(bind: player.team),
                \(bind: player.byeWeek), \(bind: hundredths(player.adp)), \(bind: hundredths(player.projectedPoints)), \(bind: player.rank), \(bind: time))
                """
            }
            try await sql.raw("""
                INSERT INTO topdog_players (id, first_name, last_name, position, team, bye_week, adp_hundredths, projected_hundredths, rank, updated_at)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name, position = excluded.position,
                team = excluded.team, bye_week = excluded.bye_week, adp_hundredths = excluded.adp_hundredths,
                projected_hundredths = excluded.projected_hundredths, rank = excluded.rank, updated_at = excluded.updated_at
                """).run()
        }
    }

    package static func all(on sql: any SQLDatabase) async throws -> [DraftPlayer] {
        try await sql.select().column("*").from("topdog_players").all().map { row in
            guard let position = Position(rawValue: try row.decode(column: "position", as: String.self)) else {
                throw TopDogStoreError("a stored player has an unknown position")
            }
            return DraftPlayer(
                id: try row.decode(column: "id", as: String.self), firstName: try row.decode(column: "first_name", as: String.self),
                lastName: try row.decode(column: "last_name", as: String.self), position: position,
                team: try row.decode(column: "team", as: String.self), byeWeek: try row.decode(column: "bye_week", as: Int.self),
                adp: Double(try row.decode(column: "adp_hundredths", as: Int64.self)) / 100,
                projectedPoints: Double(try row.decode(column: "projected_hundredths", as: Int64.self)) / 100,
                rank: try row.decode(column: "rank", as: Int.self))
        }
    }

    /// The latest change to the pool, so a node can tell its cached copy is stale.
    package static func version(on sql: any SQLDatabase) async throws -> Int64 {
        let row = try await sql.raw("SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS at FROM topdog_players").first()
        let count = try row?.decode(column: "n", as: Int64.self) ?? 0
        let at = try row?.decode(column: "at", as: Int64.self) ?? 0
        return at &* 1_000_003 &+ count
    }

    static func hundredths(_ value: Double) -> Int64 { Int64((value * 100).rounded()) }
}

/// Stored data that does not read back as it was written: a bug or a hand edit, never client input.
package struct TopDogStoreError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
