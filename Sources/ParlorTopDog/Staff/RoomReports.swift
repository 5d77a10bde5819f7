import Foundation
import ParlorHTTP
import SQLKit

/// What staff read of a tournament's rooms: each room with how many entries sit in it and how
/// many picks it has made, oldest room first.
package enum RoomReports {
    package struct Summary: Sendable {
        package var room: DraftRoom
        package var entries: Int
        package var picks: Int
    }

    /// The rooms of `tournament` created after `cursor`, oldest first (the order they filled).
    package static func rooms(of tournament: String, after cursor: PageCursor?, limit: Int, on sql: any SQLDatabase) async throws -> [Summary] {
        var query = sql.select().column("*").from("topdog_rooms").where("tournament_id", .equal, tournament)
        if let cursor {
            query = query.where { group in
                group.where("created_at", .greaterThan, cursor.time).orWhere { $0.where("created_at", .equal, cursor.time).where("id", .greaterThan, cursor.id) }
            }
        }
        let rooms = try await query.orderBy("created_at", .ascending).orderBy("id", .ascending).limit(limit).all().map(RoomStore.decodeRoom)
        var summaries: [Summary] = []
        for room in rooms {
            let counts = try await sql.raw("""
                SELECT (SELECT COUNT(*) FROM topdog_entries WHERE room_id = \(bind: room.id)) AS entries,
                (SELECT COUNT(*) FROM topdog_picks WHERE room_id = \(bind: room.id)) AS picks
                """).first()
            summaries.append(
                Summary(
                    room: room, entries: Int(try counts?.decode(column: "entries", as: Int64.self) ?? 0),
                    picks: Int(try counts?.decode(column: "picks", as: Int64.self) ?? 0)))
        }
        return summaries
    }
}
