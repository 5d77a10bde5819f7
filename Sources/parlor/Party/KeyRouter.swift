import Synchronization
import TerminalPlay

/// Hands the terminal's one key stream to one screen after another (the lobby, then the game):
/// each `stream()` takes the keys from then on and ends the previous one. Cancelling a task that
/// iterates an `AsyncStream` ends that stream for good, so screens never iterate the source.
final class KeyRouter: Sendable {
    private final class Sink: Sendable {
        let continuation = Mutex<AsyncStream<Key>.Continuation?>(nil)
    }

    private let sink = Sink()
    private let pump: Task<Void, Never>

    init(_ keys: AsyncStream<Key>) {
        let sink = self.sink
        pump = Task {
            for await key in keys { sink.continuation.withLock { _ = $0?.yield(key) } }
            sink.continuation.withLock { $0?.finish() }
        }
    }

    deinit { pump.cancel() }

    func stream() -> AsyncStream<Key> {
        let (keys, continuation) = AsyncStream.makeStream(of: Key.self)
        sink.continuation.withLock { previous in
            previous?.finish()
            previous = continuation
        }
        return keys
    }
}
