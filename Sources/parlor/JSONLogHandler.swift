import Foundation
import Logging

/// Writes each log record to standard error as one JSON object per line, metadata as fields, for
/// log pipelines that parse rather than read.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, logLevel: Logger.Level) {
        self.label = label
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [String: Any] = [:]
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        for (key, value) in merged { fields[key] = Self.json(value) }
        fields["timestamp"] = Date().formatted(.iso8601)
        fields["level"] = event.level.rawValue
        fields["label"] = label
        fields["source"] = event.source
        fields["message"] = "\(event.message)"
        guard var line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardError.write(line)
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let entries): entries.mapValues(json)
        }
    }
}
