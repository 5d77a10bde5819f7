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
    /// One game's own moves. A node often writes a game's next move before the echo of the one
    /// before it is back, so what was delivered and what is being written are kept apart.
    private struct Entry {
        /// The highest seq the writer delivered whose echo has not come back: echoes up to it are dropped.
        var delivered: Int?
        /// The move being written, and whether its echo came first (and was delivered).
        var writing: (seq: Int, echoed: Bool)?

        var isEmpty: Bool { delivered == nil && writing == nil }
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
        entries[game, default: Entry()].writing = (seq, false)
    }

    /// The write of `seq` did not commit: nothing of it is to be dropped.
    mutating func notWritten(game: UUID, seq: Int) {
        update(game) { entry in
            if entry.writing?.seq == seq { entry.writing = nil }
        }
    }

    /// The write of `seq` committed: whether the writer's copy is to be delivered now (false when
    /// its echo was delivered already). A write the ledger forgot, or one overtaken by a later
    /// write of the same game, is delivered: a repeat is harmless.
    mutating func committed(game: UUID, seq: Int) -> Bool {
        update(game) { entry in
            guard let writing = entry.writing, writing.seq == seq else { return true }
            entry.writing = nil
            if writing.echoed { return false }
            entry.delivered = max(entry.delivered ?? seq, seq)
            return true
        } ?? true
    }

    /// A move notice heard back from PostgreSQL, from this node or another: whether to deliver it
    /// (false when this node's writer delivered it, or a later move of the game, already).
    mutating func heard(game: UUID, seq: Int) -> Bool {
        update(game) { entry in
            if let delivered = entry.delivered, seq <= delivered {
                if seq == delivered { entry.delivered = nil }
                return false
            }
            if entry.writing?.seq == seq { entry.writing?.echoed = true }
            return true
        } ?? true
    }

    /// Runs `change` on `game`'s entry, if it has one, and drops the entry once it holds nothing.
    private mutating func update<Result>(_ game: UUID, _ change: (inout Entry) -> Result) -> Result? {
        guard var entry = entries[game] else { return nil }
        let result = change(&entry)
        entries[game] = entry.isEmpty ? nil : entry
        return result
    }
}
