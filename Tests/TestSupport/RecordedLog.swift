import Logging
import Synchronization

/// Every line a logger wrote, with its metadata, for tests that assert on what reaches the log.
public final class RecordedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// A logger at `level` that writes here.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "parlor.test.recorded") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// Each line as `level message key=value …`, in the order written.
    public var text: [String] { lines.withLock { $0 } }

    struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            log.lines.withLock { $0.append("\(event.level) \(event.message) \(details)") }
        }
    }
}
