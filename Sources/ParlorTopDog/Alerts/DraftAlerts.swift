import Foundation
import SQLKit

/// The one way draft alerts leave TopDog: each is written to `topdog_alerts` in the same
/// transaction as the change that raised it (an outbox), if the user wants that kind. The push
/// capability sends them from there; until it exists they are recorded and listed, not sent.
package enum DraftAlerts {
    package static func raise(_ alerts: [DraftAlert], at time: Int64, on sql: any SQLDatabase) async throws {
        var preferences: [String: DraftAlertPreferences] = [:]
        for alert in alerts {
            if preferences[alert.user] == nil { preferences[alert.user] = try await self.preferences(of: alert.user, on: sql) }
            guard preferences[alert.user]?.wants(alert.kind) == true else { continue }
            let payload = String(decoding: try JSONEncoder.sorted.encode(alert.payload), as: UTF8.self)
            try await sql.insert(into: "topdog_alerts").columns("id", "user_id", "kind", "room_id", "dedupe_key", "payload", "created_at")
                .values(
                    SQLBind(UUID().uuidString.lowercased()), SQLBind(alert.user), SQLBind(alert.kind.rawValue), SQLBind(alert.room),
                    SQLBind(alert.dedupeKey), SQLBind(payload), SQLBind(time))
                .ignoringConflicts(with: ["dedupe_key"]).run()
        }
    }

    package static func preferences(of user: String, on sql: any SQLDatabase) async throws -> DraftAlertPreferences {
        guard let text = try await sql.select().column("preferences").from("topdog_alert_preferences").where("user_id", .equal, user).first()?
            .decode(column: "preferences", as: String.self)
        else { return DraftAlertPreferences() }
        return (try? JSONDecoder().decode(DraftAlertPreferences.self, from: Data(text.utf8))) ?? DraftAlertPreferences()
    }

    package static func setPreferences(_ preferences: DraftAlertPreferences, of user: String, on sql: any SQLDatabase) async throws {
        let text = String(decoding: try JSONEncoder.sorted.encode(preferences), as: UTF8.self)
        try await sql.raw("""
            INSERT INTO topdog_alert_preferences (user_id, preferences) VALUES (\(bind: user), \(bind: text))
            ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences
            """).run()
    }

    /// A user's recorded alerts, newest first.
    package static func recorded(for user: String, limit: Int, on sql: any SQLDatabase) async throws -> [(kind: String, room: String, payload: String, at: Int64)] {
        try await sql.select().columns("kind", "room_id", "payload", "created_at").from("topdog_alerts").where("user_id", .equal, user)
            .orderBy("created_at", .descending).orderBy("id").limit(limit).all().map {
                (try $0.decode(column: "kind", as: String.self), try $0.decode(column: "room_id", as: String.self),
                 try $0.decode(column: "payload", as: String.self), try $0.decode(column: "created_at", as: Int64.self))
            }
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
