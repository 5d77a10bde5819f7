import Foundation
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// Chat over the socket: a `chat` message becomes a stored line (``ChatService``), heard by the
/// game's followers as `chat_message`; the answer to `subscribe` carries the latest lines.
extension PlayChannel {
    package func chat(user: AuthenticatedUser, game id: UUID, text: String) async -> [OutgoingFrame] {
        do {
            try await play.chat.send(id, user: user.userID, text: text)
            return []
        } catch {
            let refusal = Self.apiError(error)
            // A per-user limit says when to try again, as the REST routes' `Retry-After` does.
            let retryAfter = refusal.headers[.retryAfter].flatMap { Int($0) }
            return [.encoding(RealtimeError(code: refusal.code, message: refusal.message, game: id, retryAfter: retryAfter))]
        }
    }

    /// The lines a subscriber is handed with the game's state. A failure to read them costs the
    /// subscriber the replay, not the subscription (live lines still come).
    func replayedChat(of id: UUID, for user: String) async -> [RealtimeChatMessage] {
        do {
            return try await play.chat.replay(id, for: user).map { line in
                RealtimeChatMessage(id: String(line.id), game: id, user: line.user, name: line.name, text: line.text, at: Date(millis: line.at))
            }
        } catch {
            play.games.logger.warning("chat not replayed", metadata: ["game": "\(id)", "error": "\(error)"])
            return []
        }
    }
}
