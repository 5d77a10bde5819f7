import Foundation
import GameCore
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// The real-time channel's side of online play: it turns socket messages into calls on the game
/// service and the service's answers and notices into each receiver's own frames. Every game
/// message is encoded here; the game service never sees a socket or a frame.
package struct PlayChannel: RealtimePlay {
    let play: PlayService

    package init(play: PlayService) { self.play = play }

    package func authenticate(token: String) async throws -> AuthenticatedUser {
        try await play.accounts.authenticate(token: token)
    }

    package func subscribe(user: AuthenticatedUser, game id: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?) {
        do {
            let game = try await play.attend(id, user: user.userID)
            let seq = game.row.status == .waiting ? -1 : game.row.seq
            let missed = since.map { since in game.entries.filter { $0.seq > since } } ?? []
            return ([try stateFrame(of: game, for: user.userID, missed: missed)], seq)
        } catch {
            return ([Self.apiError(error).frame(game: id)], nil)
        }
    }

    package func unsubscribe(user: AuthenticatedUser, game id: UUID) async {
        await play.leave(id, user: user.userID)
    }

    package func move(user: AuthenticatedUser, message: Data) async -> [OutgoingFrame] {
        guard let envelope = try? JSONDecoder().decode(MoveEnvelope.self, from: message) else {
            return [APIError(.badRequest, code: "malformed", message: "a move needs game, move_id and action").frame()]
        }
        do {
            let outcome = try await play.move(
                envelope.game, user: user.userID, moveID: envelope.moveID, request: .action(envelope.action.data), expectedSeq: envelope.seq)
            return [OutgoingFrame.encoding(RealtimeAck(game: envelope.game, moveId: envelope.moveID, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).frame(game: envelope.game, moveID: envelope.moveID)]
        }
    }

    package func resign(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame] {
        do {
            let outcome = try await play.move(game, user: user.userID, moveID: moveId, request: .resign)
            return [OutgoingFrame.encoding(RealtimeAck(game: game, moveId: moveId, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).frame(game: game, moveID: moveId)]
        }
    }

    package func chat(user: AuthenticatedUser, game id: UUID, text: String) async -> [OutgoingFrame] {
        do {
            try await play.chat(id, user: user.userID, text: text)
            return []
        } catch {
            return [Self.apiError(error).frame(game: id)]
        }
    }

    package func render(_ notice: GameNotice, for user: AuthenticatedUser, after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int) {
        do {
            return try await rendering(notice, for: user.userID, after: lastSent)
        } catch {
            play.logger.warning("render failed", metadata: ["game": "\(notice.game)", "error": "\(error)"])
            return ([], lastSent)
        }
    }

    static func apiError(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? GameError { return .illegalMove(error) }
        return APIError(.internalServerError, code: "internal_error", message: "the server could not do this")
    }
}

extension APIError {
    /// The same error as a real-time `error` message.
    func frame(game: UUID? = nil, moveID: String? = nil) -> OutgoingFrame {
        OutgoingFrame.encoding(RealtimeError(code: code, message: message, game: game, moveId: moveID))
    }
}

/// The fields of a `move` message the channel reads before the game decodes its own action type.
private struct MoveEnvelope: Decodable {
    var game: UUID
    var moveID: String
    var action: RawJSON
    var seq: Int?

    enum CodingKeys: String, CodingKey { case game, moveID = "move_id", action, seq }
}
