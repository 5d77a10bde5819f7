import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Online play's part of moderation: a suspended user leaves what others wait on, and a report's
/// game and chat line are checked against the games Play keeps.
package struct PlayModeration: AccountSuspensionHook, ReportContextHook {
    let play: PlayServices

    package init(play: PlayServices) {
        self.play = play
    }

    /// Inside the suspension's transaction: the user's quick-match entry goes, they give up their
    /// place in private games others created (as leaving does), and the other waiting games they
    /// sit in — their own, rematch offers, and games quick match made, which have no code to fill
    /// the place again — are abandoned, as a creator's cancel does, their invitations expired.
    package func suspend(user: String, at time: Int64, on sql: any SQLDatabase, _ announcements: Announcements) async throws -> ErasureFollowUp {
        try await QuickMatchStore.remove(user, on: sql)
        var changed: [UUID] = []
        for game in try await PlayErasureStore.games(seating: user, on: sql) where game.status == .waiting {
            guard let row = try await PlayStore.game(game.id, locked: true, on: sql), row.status == .waiting else { continue }
            if row.inviteCode != nil, row.rematchOf == nil, row.createdBy != user {
                guard try await PlayStore.removeSeat(of: user, from: game.id, on: sql) else { continue }
                announcements.announce(GameNotice.seatsChanged(game: game.id))
                announcements.announce(GameNotice.left(game: game.id, user: user, seat: nil, at: time))
            } else {
                guard try await play.games.abandon(game.id, at: time, on: sql, announcements) else { continue }
            }
            changed.append(game.id)
        }
        // This node's copies go once the change has committed; other nodes follow the notices.
        return ErasureFollowUp { [cache = play.games.cache, changed] in
            for id in changed { cache.remove(id) }
        }
    }

    package func check(game: UUID, chatLine: Int64?, target: String, on sql: any SQLDatabase) async throws {
        guard try await PlayStore.game(game, on: sql) != nil else { throw APIError.gameNotFound(game) }
        if let chatLine {
            guard let line = try await sql.select().column("user_id").from("game_chat")
                .where("id", .equal, chatLine).where("game", .equal, PlayStore.key(game)).first()
            else { throw APIError.notFound("game \(game.canonicalText) has no chat line \(chatLine)") }
            guard try line.decode(column: "user_id", as: String.self) == target else {
                throw APIError.notInGame("the reported user did not write this chat line")
            }
        } else {
            guard try await PlayStore.seats(of: game, on: sql).contains(where: { $0.user == target }) else {
                throw APIError.notInGame("the reported user did not play in this game")
            }
        }
    }
}

extension APIError {
    /// A report points at a game (or a chat line) its user took no part in.
    static func notInGame(_ message: String) -> APIError { APIError(.unprocessableContent, code: "not_in_game", message: message) }
}
