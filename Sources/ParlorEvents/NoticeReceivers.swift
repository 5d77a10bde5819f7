import Synchronization

/// A bus's subscribers on this node, called one after the other on the task that delivers a
/// notice, in the order they subscribed.
///
/// A receiver must not wait: the hub only enqueues on its sockets, the cache follower updates a
/// copy in memory, and a stream (``EventBus/notices()``) only buffers. Calling them directly
/// spares every notice a task switch per subscriber; with PostgreSQL the listening task itself
/// decodes and delivers, another switch fewer.
package final class NoticeReceivers: Sendable {
    package typealias Receive = @Sendable (Notice) -> Void

    private struct Receiver {
        var id: Int
        var receive: Receive
        var end: @Sendable () -> Void
    }

    private struct State {
        var next = 0
        /// An array, not a dictionary: one order for everyone, and a snapshot is a copy-on-write
        /// reference rather than an allocation per notice.
        var receivers: [Receiver] = []
        var stopped = false
    }

    private let state = Mutex(State())

    package init() {}

    /// Adds a receiver; `end` runs once when the bus stops (at once if it has stopped already),
    /// unless the subscription was cancelled before.
    package func add(_ receive: @escaping Receive, end: @escaping @Sendable () -> Void = {}) -> NoticeSubscription {
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            defer { state.next += 1 }
            state.receivers.append(Receiver(id: state.next, receive: receive, end: end))
            return state.next
        }
        guard let id else {
            end()
            return NoticeSubscription {}
        }
        return NoticeSubscription { [weak self] in
            self?.state.withLock { $0.receivers.removeAll { $0.id == id } }
        }
    }

    package func deliver(_ notice: Notice) {
        let receivers = state.withLock { $0.receivers }
        for receiver in receivers { receiver.receive(notice) }
    }

    /// Delivers nothing more and ends every receiver; later ones end as they are added.
    package func stop() {
        let receivers = state.withLock { state in
            state.stopped = true
            defer { state.receivers = [] }
            return state.receivers
        }
        for receiver in receivers { receiver.end() }
    }

    package var count: Int { state.withLock { $0.receivers.count } }
}

/// One receiver's place on a bus; ``cancel()`` removes it (once; later calls do nothing).
package final class NoticeSubscription: Sendable {
    private let removal: Mutex<(@Sendable () -> Void)?>

    init(_ removal: @escaping @Sendable () -> Void) {
        self.removal = Mutex(removal)
    }

    package func cancel() {
        let removal = self.removal.withLock { slot in
            defer { slot = nil }
            return slot
        }
        removal?()
    }
}
