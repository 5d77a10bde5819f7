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
    let play: PlayServices

    package init(play: PlayServices) { self.play = play }

    package func authenticate(token: String) async throws -> AuthenticatedUser {
        try await play.games.accounts.authenticate(token: token)
    }

    package func subscribe(user: AuthenticatedUser, game id: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?) {
        do {
            let game = try await play.presence.attend(id, user: user.userID)
            let seq = game.row.status == .waiting ? -1 : game.row.seq
            let missed = since.map { since in game.entries.filter { $0.seq > since } } ?? []
            let chat = await replayedChat(of: id, for: user.userID)
            return ([try stateFrame(of: game, for: user.userID, missed: missed, chat: chat)], seq)
        } catch {
            return ([Self.apiError(error).frame(game: id)], nil)
        }
    }

    package func unsubscribe(user: AuthenticatedUser, game id: UUID) async {
        await play.presence.leave(id, user: user.userID)
    }

    package func move(user: AuthenticatedUser, command: MoveCommand) async -> [OutgoingFrame] {
        do {
            let outcome = try await play.moves.move(
                command.game, user: user.userID, moveID: command.moveID, request: .action(command.action), expectedSeq: command.seq)
            return [OutgoingFrame.encoding(RealtimeAck(game: command.game, moveId: command.moveID, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).frame(game: command.game, moveID: command.moveID)]
        }
    }

    package func decodeAction(of game: UUID, from decoder: any Decoder) -> SubmittedAction? {
        play.games.decodeAction(of: game, from: decoder)
    }

    package func resign(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame] {
        do {
            let outcome = try await play.moves.move(game, user: user.userID, moveID: moveId, request: .resign)
            return [OutgoingFrame.encoding(RealtimeAck(game: game, moveId: moveId, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).frame(game: game, moveID: moveId)]
        }
    }

    package func render(_ notice: GameNotice, for user: AuthenticatedUser, after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int) {
        do {
            return try await rendering(notice, for: user.userID, after: lastSent)
        } catch {
            play.games.logger.warning("render failed", metadata: ["game": "\(notice.game?.uuidString ?? "-")", "error": "\(error)"])
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
