import Foundation
import GameCore
import ParlorAccounts
import ParlorHTTP
import ParlorPlay

/// One message ready to send: a single JSON text frame.
package struct OutgoingFrame: Sendable, Equatable {
    package let text: String

    package init(text: String) { self.text = text }

    /// `message` as a frame; a message that cannot be encoded becomes an `internal_error` frame.
    package static func encoding(_ message: some Encodable) -> OutgoingFrame {
        // Every key is snake_case as the types name them, the games' views and actions included
        // (GameJSON): no key strategy on the path every move takes, so the direct encoder serves.
        guard let bytes = try? DirectJSONEncoder().encodeOrFallback(message) else {
            return OutgoingFrame(text: #"{"type":"error","code":"internal_error","message":"a message could not be encoded"}"#)
        }
        return OutgoingFrame(text: String(decoding: bytes, as: UTF8.self))
    }
}

/// What the real-time channel (`Realtime/`) asks of the game service. The channel owns sockets,
/// subscriptions, queues and limits; everything about games, and every byte of a game message,
/// comes from here, so the channel never sees a state or another player's view.
package protocol RealtimePlay: Sendable {
    /// The signed-in user behind an access token; throws `APIError.unauthorized` otherwise.
    func authenticate(token: String) async throws -> AuthenticatedUser

    /// The answer to `subscribe`: a `state` frame with the receiver's view at the game's current
    /// sequence and the moves after `since`, or an `error` frame. `seq` is the sequence number the
    /// state carries (nil when refused): the channel sends later moves of this game only above it.
    /// Someone without a seat is refused (`not_a_player`) unless the game is public and no player
    /// blocks them.
    /// Marks the user present, which may start a real-time game or announce `player_reconnected`.
    func subscribe(user: AuthenticatedUser, game: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?)

    /// The user's last subscription to the game on this connection ended (unsubscribe or closed
    /// socket); marks them away, which may announce `player_left` and start their grace period.
    func unsubscribe(user: AuthenticatedUser, game: UUID) async

    /// A `move` message, decoded: an `ack` or `error` frame for the sender.
    func move(user: AuthenticatedUser, command: MoveCommand) async -> [OutgoingFrame]

    /// The action a move message carries at `decoder`, in the game's own type, when this node
    /// holds the game; nil leaves it as JSON for the game to decode later.
    func decodeAction(of game: UUID, from decoder: any Decoder) -> SubmittedAction?

    func resign(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame]

    /// A `leave_game` message: the sender's own `player_left` when they gave up a waiting game's
    /// place, an `ack` when leaving resigned a game being played, or an `error` frame.
    func leaveGame(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame]

    /// A `request_rematch` message: the rematch's `state`, or an `error` frame.
    func requestRematch(user: AuthenticatedUser, game: UUID) async -> [OutgoingFrame]

    /// Empty when the message was accepted (it reaches the subscribers who may read it, the
    /// sender too, through the event bus); an `error` frame when refused.
    func chat(user: AuthenticatedUser, game: UUID, text: String) async -> [OutgoingFrame]

    /// The frames `user` should receive for `notice`, given the last sequence number already sent
    /// to this connection for that game, and the new last sequence number. Moves are rendered in
    /// order from `lastSent + 1`; a gap too old to render becomes one `state` frame. A notice at
    /// or below `lastSent` renders nothing, so no event reaches a connection twice.
    func render(_ notice: GameNotice, for user: AuthenticatedUser, after lastSent: Int) async
        -> (frames: [OutgoingFrame], lastSent: Int)
}
