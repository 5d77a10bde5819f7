import Foundation
import SQLKit

/// Which game notifications a user wants pushed; all on until they say. TopDog's draft alerts
/// have their own preferences, kept by TopDog and applied when it raises them.
package struct PushPreferences: Codable, Sendable, Equatable {
    package var turnReminders = true
    package var invitations = true
    package var gameOver = true

    enum CodingKeys: String, CodingKey {
        case turnReminders = "turn_reminders", invitations, gameOver = "game_over"
    }

    package init() {}

    /// Whether a notification of `kind` may go out; kinds these do not cover always may.
    package func wants(_ kind: PushKind) -> Bool {
        switch kind {
        case .yourTurn: turnReminders
        case .invitation: invitations
        case .gameOver: gameOver
        default: true
        }
    }
}

/// The `push_preferences` table.
package enum PushPreferencesStore {
    package static func preferences(of users: Set<String>, on sql: any SQLDatabase) async throws -> [String: PushPreferences] {
        guard !users.isEmpty else { return [:] }
        let rows = try await sql.select().columns("user_id", "preferences").from("push_preferences").where("user_id", .in, Array(users)).all()
        var found: [String: PushPreferences] = [:]
        for row in rows {
            let text = try row.decode(column: "preferences", as: String.self)
            found[try row.decode(column: "user_id", as: String.self)] = (try? JSONDecoder().decode(PushPreferences.self, from: Data(text.utf8))) ?? PushPreferences()
        }
        return found
    }

    package static func preferences(of user: String, on sql: any SQLDatabase) async throws -> PushPreferences {
        try await preferences(of: [user], on: sql)[user] ?? PushPreferences()
    }

    package static func set(_ preferences: PushPreferences, of user: String, on sql: any SQLDatabase) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(preferences), as: UTF8.self)
        try await sql.insert(into: "push_preferences").columns("user_id", "preferences").values(SQLBind(user), SQLBind(text))
            .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "preferences") }.run()
    }

    package static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "push_preferences").where("user_id", .equal, user).run()
    }
}
