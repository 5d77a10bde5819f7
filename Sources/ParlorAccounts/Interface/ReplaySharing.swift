import Foundation
import SQLKit

/// `share_replays` in an account's preferences: whether the player's finished games may be shown
/// to anyone with the link. On unless the player set it false, so an old account (whose
/// preferences never named it) shares, as the document's default says.
package enum ReplaySharing {
    package static let key = "share_replays"

    /// The setting in stored preferences JSON; true when absent or unreadable.
    package static func allowed(inPreferences json: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let value = object[key] as? Bool
        else { return true }
        return value
    }

    /// The users among `ids` who turned sharing off. Ids of no user (bots, erased accounts) are
    /// nobody's to refuse, so they are never in the answer.
    package static func refusing(among ids: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let rows = try await sql.select().column("id").column("preferences").from("users").where("id", .in, ids).all()
        var refusing: Set<String> = []
        for row in rows where !allowed(inPreferences: try row.decode(column: "preferences", as: String.self)) {
            refusing.insert(try row.decode(column: "id", as: String.self))
        }
        return refusing
    }
}
