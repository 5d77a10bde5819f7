import Foundation
import SQLKit

/// The one way draft alerts leave TopDog: each is written to `topdog_alerts` in the same
/// transaction as the change that raised it, if the user wants that kind, and listed from there;
/// the same transaction hands them to the ``DraftAlertsHook``, which queues their pushes.
package enum DraftAlerts {
    /// One read of the users' preferences and one insert, whatever the number of alerts: this runs
    /// inside every pick's transaction.
    /// Answers the alerts stored: those the users want.
    @discardableResult
    package static func raise(_ alerts: [DraftAlert], at time: Int64, on sql: any SQLDatabase) async throws -> [DraftAlert] {
        guard !alerts.isEmpty else { return [] }
        let preferences = try await self.preferences(of: Set(alerts.map(\.user)), on: sql)
        let wanted = alerts.filter { (preferences[$0.user] ?? DraftAlertPreferences()).wants($0.kind) }
        guard !wanted.isEmpty else { return [] }
        var insert = sql.insert(into: "topdog_alerts").columns("id", "user_id", "kind", "room_id", "dedupe_key", "payload", "created_at")
        for alert in wanted {
            let payload = String(decoding: try JSONEncoder.sorted.encode(alert.payload), as: UTF8.self)
            insert = insert.values(
                SQLBind(UUID().uuidString.lowercased()), SQLBind(alert.user), SQLBind(alert.kind.rawValue), SQLBind(alert.room),
                SQLBind(alert.dedupeKey), SQLBind(payload), SQLBind(time))
        }
        try await insert.ignoringConflicts(with: ["dedupe_key"]).run()
        return wanted
    }

    /// The stored preferences of `users`; a user with none has the defaults (absent here).
    static func preferences(of users: Set<String>, on sql: any SQLDatabase) async throws -> [String: DraftAlertPreferences] {
        let rows = try await sql.select().columns("user_id", "preferences").from("topdog_alert_preferences").where("user_id", .in, Array(users)).all()
        var found: [String: DraftAlertPreferences] = [:]
        for row in rows {
            let text = try row.decode(column: "preferences", as: String.self)
            found[try row.decode(column: "user_id", as: String.self)] = (try? JSONDecoder().decode(DraftAlertPreferences.self, from: Data(text.utf8))) ?? DraftAlertPreferences()
        }
        return found
    }

    package static func preferences(of user: String, on sql: any SQLDatabase) async throws -> DraftAlertPreferences {
        try await preferences(of: [user], on: sql)[user] ?? DraftAlertPreferences()
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
