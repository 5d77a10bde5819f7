import BestBall
import ParlorAccounts
import ParlorDatabase
import SQLKit

/// Writing an imported player file: every row in one transaction with its audit record, so a
/// refused or failed import leaves the pool as it was.
extension PlayerImport {
    package struct Outcome: Sendable, Equatable {
        package var added: Int
        package var updated: Int
    }

    /// Rows per `IN (…)` look-up: well under every database's limit on bound values.
    static let idsPerQuery = 500

    package static func store(_ players: [DraftPlayer], at time: Int64, by staff: StaffAction, in database: Database) async throws -> Outcome {
        try await database.transaction { sql in
            var existing = 0
            let ids = players.map(\.id)
            for start in stride(from: 0, to: ids.count, by: idsPerQuery) {
                let chunk = Array(ids[start..<min(start + idsPerQuery, ids.count)])
                let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("topdog_players")
                    .where("id", .in, chunk).first()
                existing += Int(try row?.decode(column: "n", as: Int64.self) ?? 0)
            }
            try await PlayerStore.upsert(players, at: time, on: sql)
            let outcome = Outcome(added: players.count - existing, updated: existing)
            try await staff.record(
                "topdog.players.import", on: "player_pool", "players",
                details: ["rows": "\(players.count)", "added": "\(outcome.added)", "updated": "\(outcome.updated)"], at: time, in: sql)
            return outcome
        }
    }
}
