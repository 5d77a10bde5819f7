/// One entry of an authoritative table's log: what a seat did, or what was done for it.
public struct TableEntry<Action: Codable & Hashable & Sendable>: Hashable, Sendable {
    public typealias Kind = TableEntryKind

    /// The table's sequence number after this entry (the first entry is 1).
    public var seq: Int
    public var seat: Int
    public var kind: Kind
    /// Nil only for a `resign` entry.
    public var action: Action?
    /// The client's id for the request that made the entry, which makes a retry harmless.
    public var moveID: String?

    public init(seq: Int, seat: Int, kind: Kind, action: Action?, moveID: String?) {
        self.seq = seq
        self.seat = seat
        self.kind = kind
        self.action = action
        self.moveID = moveID
    }
}

/// Who made an entry, as the log stores it.
public enum TableEntryKind: String, Codable, Hashable, Sendable {
    /// The player's own action.
    case action
    /// The player gave up and the game has no resign action of its own: no action, the seat is
    /// marked resigned and its turns are played on autopilot.
    case resign
    /// Chosen for the player: their clock ran out, or their seat is resigned.
    case timeout
}

/// What an authority does for a seat whose clock ran out.
public enum TimeoutPolicy: String, Codable, Hashable, Sendable {
    /// The seat's autopilot plays (a resignation when it has nothing to play).
    case botMove = "bot_move"
    /// The seat resigns.
    case forfeit
}
