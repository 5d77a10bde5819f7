import Histogram
import Synchronization

/// Counts shared by every bot: games, acknowledged moves, the move round trip and errors by kind.
/// Moves acknowledged before `measuredFrom` (the warm-up) are only counted, not timed.
final class LoadtestMetrics: Sendable {
    struct Snapshot: Sendable {
        var gamesStarted = 0
        var gamesCompleted = 0
        var warmUpMoves = 0
        var moves = 0
        /// Round trips from sending a move to its `ack`, in microseconds.
        var roundTrips = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        /// From sending a move to another seat's receiving its `move_made`, in microseconds.
        var seenByOthers = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        var errors: [String: Int] = [:]
        /// The first message seen of each kind of error that has one, to say what went wrong.
        var errorExamples: [String: String] = [:]
    }

    private let state = Mutex(Snapshot())
    let measuredFrom: ContinuousClock.Instant

    init(measuredFrom: ContinuousClock.Instant = .now) {
        self.measuredFrom = measuredFrom
    }

    func gameStarted() { state.withLock { $0.gamesStarted += 1 } }

    func gameCompleted() { state.withLock { $0.gamesCompleted += 1 } }

    func moveAcknowledged(after roundTrip: Duration) {
        let value = Self.micros(roundTrip)
        let warmingUp = ContinuousClock.now < measuredFrom
        state.withLock {
            if warmingUp {
                $0.warmUpMoves += 1
                return
            }
            $0.moves += 1
            _ = $0.roundTrips.record(max(value, 1))
        }
    }

    /// Another seat received the move's `move_made` `delay` after it was sent (timed only after the warm-up).
    func moveSeen(after delay: Duration) {
        let value = Self.micros(delay)
        guard ContinuousClock.now >= measuredFrom else { return }
        state.withLock { _ = $0.seenByOthers.record(max(value, 1)) }
    }

    private static func micros(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        let micros = max(0, seconds) * 1_000_000 + attoseconds / 1_000_000_000_000
        return UInt64(clamping: min(micros, 3_600_000_000))
    }

    func error(_ kind: String, count: Int = 1, example: String? = nil) {
        guard count > 0 else { return }
        state.withLock {
            $0.errors[kind, default: 0] += count
            if let example, $0.errorExamples[kind] == nil { $0.errorExamples[kind] = example }
        }
    }

    var snapshot: Snapshot { state.withLock { $0 } }
}
