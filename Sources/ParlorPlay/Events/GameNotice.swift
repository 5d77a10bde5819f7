import Foundation
import ParlorAccounts
import ParlorHTTP

/// A change to a game (or to a user's matchmaking), as it travels between nodes.
///
/// A notice carries no view and no hidden information: each node renders every receiver's own
/// view from the game's stored record. A `moved` notice may carry the move itself (an action
/// every player sees anyway), so a node holding the game one move behind advances its copy by
/// the deterministic rules instead of loading the record again. On PostgreSQL it is the payload
/// of a `NOTIFY`, so it stays far below the 8,000-byte limit (chat text is capped well below it).
package struct GameNotice: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        /// A move (or a resignation or timeout) was applied; `seq` is the game's sequence after it.
        case moved
        /// The game started; seats are assigned.
        case started
        /// The game ended; `seq` is its final sequence number.
        case ended
        /// `user` took a seat in a waiting game.
        case joined
        /// `user`'s last connection to the game closed.
        case left
        /// `user` came back to a game they had left.
        case reconnected
        /// `user` wrote `text` in the game's chat.
        case chat
        /// `user` was put in `game` by quick match.
        case matched
        /// `user` was invited to the waiting `game` by `from`; the invitation expires `at`.
        case invited

        /// Kinds addressed to one user, whether or not they follow the game.
        package var isForOneUser: Bool { self == .matched || self == .invited }
    }

    package var kind: Kind
    package var game: UUID
    package var seq: Int?
    package var user: String?
    package var seat: Int?
    package var text: String?
    package var name: String?
    /// Milliseconds since 1970; for chat, and when a player left.
    package var at: Int64?
    /// The single move a `moved` notice announces, when that move is all that changed.
    package var move: NoticedMove?
    /// For `invited`: the invitation's id and the inviting user.
    package var invitation: String?
    package var from: String?

    package init(
        kind: Kind, game: UUID, seq: Int? = nil, user: String? = nil, seat: Int? = nil, text: String? = nil,
        name: String? = nil, at: Int64? = nil, move: NoticedMove? = nil, invitation: String? = nil, from: String? = nil
    ) {
        self.kind = kind
        self.game = game
        self.seq = seq
        self.user = user
        self.seat = seat
        self.text = text
        self.name = name
        self.at = at
        self.move = move
        self.invitation = invitation
        self.from = from
    }
}

/// The stored entry of a move and the turn deadline it set: what a node needs to advance its
/// copy of the game by that move.
package struct NoticedMove: Codable, Sendable, Equatable {
    package var seat: Int
    package var kind: String
    package var action: String?
    package var moveID: String?
    package var at: Int64
    package var deadline: Int64?

    package enum CodingKeys: String, CodingKey {
        case seat, kind, action, moveID = "move_id", at, deadline
    }

    package init(_ entry: MoveEntry, deadline: Int64?) {
        seat = entry.seat
        kind = entry.kind.rawValue
        action = entry.action
        moveID = entry.moveID
        at = entry.at
        self.deadline = deadline
    }

    package func entry(seq: Int) -> MoveEntry? {
        MoveEntry.Kind(rawValue: kind).map { MoveEntry(seq: seq, seat: seat, kind: $0, action: action, moveID: moveID, at: at) }
    }
}
