import Foundation

/// One interval of this node's moves: how many a second, and the round trip's p50 and p99.
package struct MetricsSample: Sendable, Equatable {
    package var at: Date
    package var movesPerSecond: Double
    /// Nil when no move was made in the interval: there is no latency to speak of.
    package var p50Millis: Double?
    package var p99Millis: Double?

    package init(at: Date, movesPerSecond: Double, p50Millis: Double?, p99Millis: Double?) {
        self.at = at
        self.movesPerSecond = movesPerSecond
        self.p50Millis = p50Millis
        self.p99Millis = p99Millis
    }

    /// The interval's sample from the moves histogram (in seconds) read at its start and end.
    package static func between(
        _ earlier: HistogramReading, _ later: HistogramReading, seconds: Double, at time: Date
    ) -> MetricsSample {
        let moves = later.since(earlier)
        return MetricsSample(
            at: time, movesPerSecond: seconds > 0 ? moves.count / seconds : 0,
            p50Millis: moves.quantile(0.5).map { $0 * 1000 }, p99Millis: moves.quantile(0.99).map { $0 * 1000 })
    }
}

/// The last hour of samples, kept in memory on this node only: a restart starts it again, and
/// each node of a cluster shows its own.
package actor MetricsHistory {
    package let capacity: Int
    private var samples: [MetricsSample] = []
    private var last: HistogramReading?

    package init(capacity: Int = 60) {
        self.capacity = max(1, capacity)
    }

    /// Adds the interval ending with `reading`. The first reading only sets the baseline: moves
    /// made before the node started sampling belong to no interval.
    package func record(_ reading: HistogramReading, seconds: Double, at time: Date) {
        defer { last = reading }
        guard let last else { return }
        samples.append(.between(last, reading, seconds: seconds, at: time))
        if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
    }

    /// Oldest first.
    package func recent() -> [MetricsSample] { samples }
}

extension ConsoleViews {
    /// These views with the overview's charts drawn from `history`.
    package func charting(_ history: MetricsHistory) -> ConsoleViews {
        var views = self
        views.metrics = history
        return views
    }
}
