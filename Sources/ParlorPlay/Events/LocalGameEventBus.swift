import Synchronization

/// The single-node event bus: notices go straight to this process's subscribers.
package final class LocalGameEventBus: GameEventBus {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<GameNotice>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    package init() {}

    package func publish(_ notice: GameNotice) async {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(notice) }
    }

    package func notices() -> AsyncStream<GameNotice> {
        let (stream, continuation) = AsyncStream<GameNotice>.makeStream(bufferingPolicy: .unbounded)
        let id = subscribers.withLock { state in
            defer { state.next += 1 }
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }
}
