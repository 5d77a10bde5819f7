import Foundation
import HTTPTypes
import ParlorAPI
import ParlorHTTP

/// One report as the queue and a user's page show it: who, about whom, why, what it points at,
/// and how it was resolved.
struct ReportRow: Sendable {
    struct Person: Sendable {
        var id: String
        var displayName: String
        var username: String
        var href: String
    }

    struct ChatLine: Sendable {
        var id: String
        var name: String
        var text: String
        var at: String
        var removed: Bool
    }

    var id: String
    var createdAt: String
    var reason: String
    var details: String?
    var status: String
    var isOpen: Bool
    var reporter: Person?
    var user: Person
    var gameID: String?
    var gameHref: String?
    /// The line the report points at, when the game still keeps it.
    var chatLine: ChatLine?
    /// The line's id when the report names one the game no longer keeps.
    var missingChatLine: String?
    var resolvedAt: String?
    /// The page of the staff member who resolved it.
    var resolvedByHref: String?
    var resolutionNote: String?
    /// Where the resolve form comes back to.
    var back: String

    init(_ listed: Components.Schemas.AdminReport, chat: [String: Components.Schemas.AdminChatLine], back: String) {
        let report = listed.report
        id = report.id
        createdAt = ConsoleFormat.time(report.createdAt)
        reason = report.reason.rawValue.replacingOccurrences(of: "_", with: " ")
        details = report.details
        status = report.status.rawValue
        isOpen = report.status == .open
        reporter = listed.reporter.map(Self.person)
        user = Self.person(listed.user)
        gameID = report.gameId
        gameHref = report.gameId.map { "/console/games/\($0)" }
        if let line = report.chatLineId.map(String.init) {
            if let found = chat[line] {
                chatLine = ChatLine(id: line, name: found.name, text: found.text, at: ConsoleFormat.time(found.at), removed: found.removedAt != nil)
            } else {
                missingChatLine = line
            }
        }
        resolvedAt = report.resolvedAt.map(ConsoleFormat.time)
        resolvedByHref = report.resolvedBy.map { "/console/users/\($0)" }
        resolutionNote = report.resolutionNote
        self.back = back
    }

    static func person(_ user: Components.Schemas.UserSummary) -> Person {
        Person(id: user.id, displayName: user.displayName, username: user.username, href: "/console/users/\(user.id)")
    }

    /// The chat lines the reports point at, by line id, read from each game's stored chat (a few
    /// pages at most: a game keeps a bounded chat, and an old line may be gone).
    static func chatLines(for reports: [Components.Schemas.AdminReport], request: ConsoleRequest) async throws -> [String: Components.Schemas.AdminChatLine] {
        var wanted: [String: Set<String>] = [:]
        for listed in reports {
            guard let game = listed.report.gameId, let line = listed.report.chatLineId else { continue }
            wanted[game, default: []].insert(String(line))
        }
        var found: [String: Components.Schemas.AdminChatLine] = [:]
        for (game, lines) in wanted {
            var cursor: String?
            var remaining = lines
            for _ in 0..<5 {
                let page: Components.Schemas.AdminChatPage
                do {
                    page = try await request.call { api in
                        try await api.adminListGameChat(.init(path: .init(gameID: game), query: .init(cursor: cursor, limit: 100))).ok.body.json
                    }
                } catch let error as APIError where error.status == .notFound {
                    break  // the game is gone; the row says the line is no longer kept
                }
                for line in page.lines where remaining.contains(line.id) {
                    found[line.id] = line
                    remaining.remove(line.id)
                }
                guard !remaining.isEmpty, let next = page.next else { break }
                cursor = next
            }
        }
        return found
    }
}
