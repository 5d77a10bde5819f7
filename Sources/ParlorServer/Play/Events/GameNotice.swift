import Foundation

/// A change to a game (or to a user's matchmaking), as it travels between nodes.
///
/// A notice carries no view and no hidden information: each node renders every receiver's own
/// view from the game's stored record. On PostgreSQL it is the payload of a `NOTIFY`, so it stays
/// far below the 8,000-byte limit (chat text is capped well below it).
struct GameNotice: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
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
        /// `user` was put in `game` by quick match or an invitation.
        case matched
    }

    var kind: Kind
    var game: UUID
    var seq: Int?
    var user: String?
    var seat: Int?
    var text: String?
    var name: String?
    /// Milliseconds since 1970; for chat.
    var at: Int64?

    init(
        kind: Kind, game: UUID, seq: Int? = nil, user: String? = nil, seat: Int? = nil, text: String? = nil,
        name: String? = nil, at: Int64? = nil
    ) {
        self.kind = kind
        self.game = game
        self.seq = seq
        self.user = user
        self.seat = seat
        self.text = text
        self.name = name
        self.at = at
    }
}
