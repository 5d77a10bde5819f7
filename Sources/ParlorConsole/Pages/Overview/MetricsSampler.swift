import Foundation
import ParlorHTTP
import Prometheus
import ServiceLifecycle

/// Reads the node's move histogram every `interval` into a ``MetricsHistory`` for the overview's
/// charts. It reads the same registry `/metrics` exports, so the charts and Prometheus agree.
package struct MetricsSampler: Service {
    let history: MetricsHistory
    let interval: Duration
    let exposition: @Sendable () -> String
    let now: @Sendable () -> Date

    package init(
        history: MetricsHistory, interval: Duration = .seconds(60), now: @escaping @Sendable () -> Date = Date.init,
        exposition: @escaping @Sendable () -> String = { ParlorMetrics.registry.emitToString() }
    ) {
        self.history = history
        self.interval = interval
        self.exposition = exposition
        self.now = now
    }

    /// Takes one reading now.
    package func sample() async {
        let reading = HistogramReading.parse(exposition(), name: ParlorMetrics.moveSeconds) ?? .empty
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        await history.record(reading, seconds: seconds, at: now())
    }

    package func run() async throws {
        await sample()
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            guard !Task.isCancelled, !Task.isShuttingDownGracefully else { break }
            await sample()
        }
    }
}
