import Foundation
import GameCore

/// What a move does to a game: one row of the move log, as the table made it and the server
/// stamped it.
package struct MoveEntry: Sendable, Equatable {
    package typealias Kind = TableEntryKind

    package var seq: Int
    package var seat: Int
    package var kind: Kind
    /// The action's canonical JSON; nil for a platform resignation.
    package var action: String?
    package var moveID: String?
    package var at: Int64

    package init(seq: Int, seat: Int, kind: Kind, action: String?, moveID: String?, at: Int64) {
        self.seq = seq
        self.seat = seat
        self.kind = kind
        self.action = action
        self.moveID = moveID
        self.at = at
    }

    /// A table's entry, stamped with when it was made.
    package init(_ entry: EngineEntry, at: Int64) {
        self.init(seq: entry.seq, seat: entry.seat, kind: entry.kind, action: entry.action, moveID: entry.moveID, at: at)
    }
}
