import BestBall
import Foundation
import SQLKit

/// SQL over `topdog_week_points`.
package enum WeekPointsStore {
    package static func upsert(_ points: [WeekPoints], on sql: any SQLDatabase) async throws {
        for entry in points {
            let stats = try entry.stats.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            try await sql.raw("""
                INSERT INTO topdog_week_points (week, player_id, hundredths, stats)
                VALUES (\(bind: entry.week), \(bind: entry.playerID), \(bind: entry.points.hundredths), \(bind: stats))
                ON CONFLICT (week, player_id) DO UPDATE SET hundredths = excluded.hundredths, stats = excluded.stats
                """).run()
        }
    }

    /// Every scored week's points of `players` (all players when nil).
    package static func points(of players: Set<String>?, on sql: any SQLDatabase) async throws -> WeeklyPoints {
        var query = sql.select().columns("week", "player_id", "hundredths").from("topdog_week_points")
        if let players {
            guard !players.isEmpty else { return [:] }
            query = query.where("player_id", .in, Array(players))
        }
        var weekly: WeeklyPoints = [:]
        for row in try await query.all() {
            let week = try row.decode(column: "week", as: Int.self)
            weekly[week, default: [:]][try row.decode(column: "player_id", as: String.self)] = Points(hundredths: try row.decode(column: "hundredths", as: Int.self))
        }
        return weekly
    }
}
