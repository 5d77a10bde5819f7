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
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Prometheus names allow `[a-zA-Z0-9_:]`; swift-metrics labels (`http.route`) use dots.
    static func sanitize(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") ? $0 : "_" })
    }
}
