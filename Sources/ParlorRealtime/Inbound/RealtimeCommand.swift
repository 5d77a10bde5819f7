import Foundation
import GameCore
import ParlorPlay

/// A client message, decoded once, with every field typed: what the reader hands the writer.
enum RealtimeCommand: Sendable {
    case authenticate(token: String)
    case subscribe(game: UUID, since: Int?)
    case unsubscribe(game: UUID)
    case move(MoveCommand)
    case resign(game: UUID, moveID: String)
    case chat(game: UUID, text: String)
    case ping(id: String?)
    case draftSubscribe(room: UUID, since: Int?)
    case draftUnsubscribe(room: UUID)
    case leaveGame(game: UUID, moveID: String)
    case requestRematch(game: UUID)
}

/// A `move` message: the action is already the game's own type when this node holds the game.
package struct MoveCommand: Sendable {
    package var game: UUID
    package var moveID: String
    package var seq: Int?
    package var action: SubmittedAction
}
