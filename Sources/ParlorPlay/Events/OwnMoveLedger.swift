import Foundation

/// Which of this node's own move notices its subscribers have heard, so each reaches them once
/// although it arrives twice: from the writer as soon as the move commits, and back from
/// PostgreSQL as the `NOTIFY` every node hears (``PostgresGameEventBus``).
///
/// Hearing its own moves straight from the writer saves a node's sockets the wait for that echo,
/// and lets the mover's `ack` and `move_made` leave in one write. Whichever copy comes second is
/// dropped. It is safe for any copy to be delivered twice, or out of order with other nodes'
/// notices: receivers render from the stored game above the sequence number they last sent, so a
/// repeat renders nothing and a later move renders the earlier ones it covers. The ledger may
/// therefore forget (a lost echo, a full ledger): forgetting only ever costs a repeat. What it must
/// never do is drop a copy whose move no delivered notice covers.
struct OwnMoveLedger: Sendable {
    private enum Entry: Equatable {
        /// The move is being written; neither copy has been delivered.
        case writing(seq: Int)
        /// The writer delivered it; its echo is to be dropped.
        case delivered(seq: Int)
        /// The echo came before the writer's answer and was delivered; the writer's copy is to be dropped.
        case echoed(seq: Int)
    }

    /// Above this many games in flight at once the ledger starts afresh (a few repeats follow).
    let capacity: Int
    private var entries: [UUID: Entry] = [:]

    init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// Before the write of `seq` in `game`.
    mutating func writing(game: UUID, seq: Int) {
        if entries.count >= capacity, entries[game] == nil { entries.removeAll(keepingCapacity: true) }
        entries[game] = .writing(seq: seq)
    }

    /// The write of `seq` did not commit: nothing of it is to be dropped.
    mutating func notWritten(game: UUID, seq: Int) {
        switch entries[game] {
        case .writing(seq), .echoed(seq), .delivered(seq): entries[game] = nil
        default: break
        }
    }

    /// The write of `seq` committed: whether the writer's copy is to be delivered now (false when
    /// its echo was delivered already).
    mutating func committed(game: UUID, seq: Int) -> Bool {
        switch entries[game] {
        case .echoed(seq):
            entries[game] = nil
            return false
        case .writing(seq):
            entries[game] = .delivered(seq: seq)
            return true
        default:
            // Forgotten, or overtaken by a later write of the same game: a repeat is harmless.
            return true
        }
    }

    /// A move notice heard back from PostgreSQL, from this node or another: whether to deliver it
    /// (false when this node's writer delivered it, or a later move of the game, already).
    mutating func heard(game: UUID, seq: Int) -> Bool {
        switch entries[game] {
        case .delivered(let delivered) where seq <= delivered:
            if seq == delivered { entries[game] = nil }
            return false
        case .writing(seq):
            entries[game] = .echoed(seq: seq)
            return true
        default:
            return true
        }
    }
}
