import Foundation
import ParlorAPI
import ParlorDatabase
import ParlorAccounts
import ParlorHTTP
import SQLKit

/// What staff do with a game's chat: read all of it, lines hidden by blocks and removed ones too,
/// and remove a line, with the reason kept in the audit trail.
extension ChatService {
    /// One page of the game's lines, newest first, below the line `before`; 404 for no such game.
    package func moderatorPage(of id: UUID, before: Int64?, limit: Int) async throws -> [StoredChatLine] {
        try await database.withConnection { sql in
            guard try await ChatStore.gameExists(id, on: sql) else { throw APIError.gameNotFound(id) }
            return try await ChatStore.page(of: id, before: before, limit: limit, on: sql)
        }
    }

    /// `staff` removes line `lineID` of the game, for `reason`: it is no longer replayed nor in
    /// the record, and one `chat.line.delete` audit record is written with the change. Removing a
    /// line already removed changes nothing and records nothing (a retried request). 404 when the
    /// game has no such line.
    package func remove(_ lineID: Int64, of id: UUID, by staff: String, reason: String) async throws -> StoredChatLine {
        let now = millis
        return try await database.transaction { sql in
            guard var line = try await ChatStore.line(lineID, in: id, on: sql) else {
                throw APIError.notFound("game \(id.canonicalText) has no chat line \(lineID)")
            }
            guard line.removedAt == nil, try await ChatStore.remove(lineID, by: staff, at: now, on: sql) else { return line }
            line.removedAt = now
            line.removedBy = staff
            try await AdminAudit.record(
                AuditEntry(
                    actor: staff, action: "chat.line.delete", targetKind: "chat_line", targetID: String(lineID), reason: reason,
                    details: ["game": id.canonicalText, "user": line.user]),
                at: now, on: sql)
            return line
        }
    }
}
