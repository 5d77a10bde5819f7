import Metrics
import Prometheus

/// The process's Prometheus registry, installed as the swift-metrics backend on first use.
///
/// swift-metrics allows one backend per process, so every application in the process (several in
/// a test run) shares this registry.
public enum ParlorMetrics {
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (sanitize(name), labels.map { (sanitize($0.0), $0.1) })
        }
        // A move takes milliseconds: the default buckets start at 5 ms and would hide its tail.
        factory.durationHistogramBuckets[moveSeconds] = [0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 25, 50, 100, 250, 1000].map {
            Duration.microseconds(Int64($0 * 1000))
        }
        factory.valueHistogramBuckets[moveBatchSize] = [1, 2, 4, 8, 16, 32, 64]
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// A real-time move on this node, from its frame being read to its `ack` or `error` being written.
    public static let moveSeconds = "parlor_realtime_move_seconds"
    /// How many moves one PostgreSQL append statement wrote (``MoveAppender``).
    public static let moveBatchSize = "parlor_move_batch_size"

    /// Prometheus names allow `[a-zA-Z0-9_:]`; swift-metrics labels (`http.route`) use dots.
    package static func sanitize(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") ? $0 : "_" })
    }
}
