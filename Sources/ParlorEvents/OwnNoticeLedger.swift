/// Which of this node's own notices its subscribers have heard, so each reaches them once
/// although it arrives twice: from the writer as soon as its change commits, and back from
/// PostgreSQL as the `NOTIFY` every node hears (``PostgresEventBus``).
///
/// Hearing its own notices from the writer saves a node's sockets the wait for that echo, lets a
/// mover's `ack` and `move_made` leave in one write, and puts whatever the writer keeps of the
/// change (a cached copy) in place before anyone hears of it. So the writer's copy is the one
/// delivered: an echo that comes back while its write is still under way is held, and dropped
/// once the write commits, or delivered if it does not (then the echo was someone else's
/// identical notice, or the commit's answer was lost). An echo after the writer's copy is dropped.
/// Copies are matched by their payload, the exact text sent. Receivers tolerate a repeat, so the
/// ledger may forget (a lost echo, a full ledger): forgetting only ever costs a repeat. What it
/// must never do is drop the only copy of a notice.
struct OwnNoticeLedger: Sendable {
    /// One payload's copies in flight (the same notice can be written again before its echo).
    private struct Entry {
        /// Writes under way.
        var writing = 0
        /// Echoes heard while writes were under way, not delivered: their writers' copies will be.
        var held = 0
        /// Writer's copies delivered whose echoes have not come back: those echoes are dropped.
        var awaitingEcho = 0

        var isEmpty: Bool { writing == 0 && held == 0 && awaitingEcho == 0 }
    }

    /// Above this many payloads in flight at once the ledger starts afresh (a few repeats follow).
    let capacity: Int
    private var entries: [String: Entry] = [:]

    init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// Before the write that sends `payload`.
    mutating func writing(_ payload: String) {
        if entries.count >= capacity, entries[payload] == nil { entries.removeAll(keepingCapacity: true) }
        entries[payload, default: Entry()].writing += 1
    }

    /// That write committed: the writer delivers its copy now (always); its echo, if held
    /// already, is spent, else dropped when it comes.
    mutating func committed(_ payload: String) {
        update(payload) { entry in
            guard entry.writing > 0 else { return }
            entry.writing -= 1
            if entry.held > 0 { entry.held -= 1 } else { entry.awaitingEcho += 1 }
        }
    }

    /// That write did not commit: whether an echo held for it is to be delivered now.
    mutating func notWritten(_ payload: String) -> Bool {
        update(payload) { entry in
            entry.writing = max(0, entry.writing - 1)
            guard entry.held > entry.writing else { return false }
            entry.held -= 1
            return true
        } ?? false
    }

    /// A notification heard back from PostgreSQL, from this node or another: whether to deliver
    /// it now (false when this node's writer delivered it already, or will as its write commits).
    mutating func heard(_ payload: String) -> Bool {
        update(payload) { entry in
            if entry.awaitingEcho > 0 {
                entry.awaitingEcho -= 1
                return false
            }
            guard entry.writing > entry.held else { return true }
            entry.held += 1
            return false
        } ?? true
    }

    /// Runs `change` on `payload`'s entry, if it has one, and drops the entry once it holds nothing.
    private mutating func update<Result>(_ payload: String, _ change: (inout Entry) -> Result) -> Result? {
        guard var entry = entries[payload] else { return nil }
        let result = change(&entry)
        entries[payload] = entry.isEmpty ? nil : entry
        return result
    }
}
