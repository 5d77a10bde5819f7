import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Staff's chat routes: a game's stored chat, and removing a line with a reason.
extension PlayAPI {
    package func adminListGameChat(_ input: Operations.AdminListGameChat.Input) async throws -> Operations.AdminListGameChat.Output {
        _ = try await accounts.requireStaff()
        let game = try gameKey(input.path.gameID)
        let limit = try PageCursor.limit(input.query.limit)
        let before = try input.query.cursor.map(Self.chatCursor)
        let lines = try await play.chat.moderatorPage(of: game, before: before, limit: limit + 1)
        let page = lines.prefix(limit)
        let next = lines.count > limit ? page.last.map { String($0.id) } : nil
        return .ok(.init(body: .json(.init(lines: page.map(Components.Schemas.AdminChatLine.init), next: next))))
    }

    package func adminDeleteChatLine(_ input: Operations.AdminDeleteChatLine.Input) async throws -> Operations.AdminDeleteChatLine.Output {
        let staff = try await accounts.requireStaff()
        let game = try gameKey(input.path.gameID)
        guard case .json(let body) = input.body else { throw APIError.invalidFields([FieldError(field: "reason", message: "required")]) }
        let reason = body.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= 500 else {
            throw APIError.invalidFields([FieldError(field: "reason", message: "must be 1–500 characters")])
        }
        // Ids are numbers; any other text names no line.
        guard let lineID = Int64(input.path.lineID), lineID > 0 else {
            throw APIError.notFound("game \(input.path.gameID) has no chat line \(input.path.lineID)")
        }
        let line = try await play.chat.remove(lineID, of: game, by: staff.userID, reason: reason)
        return .ok(.init(body: .json(.init(line))))
    }

    /// A page cursor is the id of the last line handed out; anything else was never one.
    private static func chatCursor(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw APIError.invalidFields([FieldError(field: "cursor", message: "not a cursor this server handed out")])
        }
        return id
    }
}

extension Components.Schemas.AdminChatLine {
    init(_ line: StoredChatLine) {
        self.init(
            id: String(line.id), user: line.user, name: line.name, seat: line.seat, text: line.text, at: Date(millis: line.at),
            removedAt: line.removedAt.map { Date(millis: $0) }, removedBy: line.removedBy)
    }
}

extension Components.Schemas.ChatLine {
    init(_ line: StoredChatLine) {
        self.init(id: String(line.id), user: line.user, name: line.name, seat: line.seat, text: line.text, at: Date(millis: line.at))
    }
}
