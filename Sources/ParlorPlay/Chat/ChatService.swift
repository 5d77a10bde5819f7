import Foundation
import ParlorAPI
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// A game's chat: its players' lines, stored and announced in one transaction (a line nobody
/// stored is never delivered, and one stored is heard on every node), replayed to whoever
/// subscribes again and kept in the game's record, never to a reader who blocks the sender or
/// whom the sender blocks.
package struct ChatService: WorksOnGames {
    package let games: GameService
    package let configuration: ChatConfiguration

    package init(games: GameService, configuration: ChatConfiguration = ChatConfiguration()) {
        self.games = games
        self.configuration = configuration
    }
}

extension ChatService {
    /// `user`, a player of the game, says `text`: refused with `chat_too_long` (400) outside
    /// 1–500 characters once trimmed, `not_a_player` (403) from anyone without a seat, and
    /// `rate_limited` (429, with the seconds to wait) past the user's lines a minute across games;
    /// a refused line is neither stored nor counted. Listed words are masked. The line goes to
    /// everyone following the game, the sender too; the players who block the sender or whom the
    /// sender blocks are named in it, and are not sent it.
    @discardableResult
    package func send(_ id: UUID, user: String, text: String) async throws -> ChatLine {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= ChatConfiguration.lineLimit else {
            throw APIError(.badRequest, code: "chat_too_long", message: "a chat message has 1–\(ChatConfiguration.lineLimit) characters")
        }
        let game = try await live(id)
        guard let seat = game.seatRow(of: user) else { throw APIError.notAPlayer() }
        // Counted last of the checks, so a line refused for anything else costs nothing.
        try await games.accounts.limit("chat:user:\(user)", configuration.linesPerUser)
        let others = game.seats.map(\.user).filter { $0 != user }
        let hidden = try await blockedEitherWay(user, among: Set(others))
        var line = ChatLine(
            user: user, seat: seat.seat, name: seat.name, text: configuration.filter.masked(trimmed), at: millis, hiddenFrom: hidden.sorted())
        let keep = configuration.linesPerGame
        line.id = try await bus.transaction(on: database) { [line] sql, announcements in
            let stored = try await ChatStore.append(line, to: id, keep: keep, on: sql)
            var announced = line
            announced.id = stored
            announcements.announce(GameNotice.chat(game: id, line: announced))
            return stored
        }
        return line
    }

    /// The newest lines of the game `reader` may read, oldest first: what a connection that
    /// subscribes (or resubscribes after a drop) is handed with the game's state. The caller has
    /// already admitted `reader` to the game.
    package func replay(_ id: UUID, for reader: String) async throws -> [StoredChatLine] {
        let limit = configuration.replayedLines
        guard limit > 0 else { return [] }
        let lines = try await database.withConnection { sql in try await ChatStore.recent(in: id, limit: limit, on: sql) }
        return try await readable(lines, by: reader)
    }

    /// The chat of `game`'s record as `reader` gets it: every line kept, oldest first, for a
    /// player of the game; nothing for anyone else, since a finished game's record is anyone's
    /// to read but its table talk is its players'.
    package func record(of game: LiveGame, for reader: String) async throws -> [StoredChatLine] {
        guard game.seatRow(of: reader) != nil else { return [] }
        let limit = max(configuration.linesPerGame, 1)
        let lines = try await database.withConnection { sql in try await ChatStore.recent(in: game.id, limit: limit, on: sql) }
        return try await readable(lines, by: reader)
    }

    /// `lines` without those from a sender `reader` blocks or who blocks `reader`, as blocks
    /// stand now (today's live rule, applied when the line is read again).
    private func readable(_ lines: [StoredChatLine], by reader: String) async throws -> [StoredChatLine] {
        let senders = Set(lines.map(\.user)).subtracting([reader])
        let hidden = try await blockedEitherWay(reader, among: senders)
        return hidden.isEmpty ? lines : lines.filter { !hidden.contains($0.user) }
    }

    /// Of `others`, the users who block `user` or whom `user` blocks.
    private func blockedEitherWay(_ user: String, among others: Set<String>) async throws -> Set<String> {
        guard let blocks = games.hooks.blocks, !others.isEmpty else { return [] }
        let candidates = others.sorted()
        return try await database.withConnection { sql in
            try await blocks.blockers(of: user, among: candidates, on: sql).union(blocks.blocked(by: user, among: candidates, on: sql))
        }
    }
}
