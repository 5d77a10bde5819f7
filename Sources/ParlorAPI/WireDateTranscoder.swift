import Foundation
import OpenAPIRuntime

/// REST timestamps as RFC 3339 UTC strings, read and written by Foundation's ISO 8601 format
/// style, the same as ``WireDate`` on the real-time channel.
///
/// The runtime's default transcoder uses `ISO8601DateFormatter`, which on Linux goes through ICU
/// and clones a formatter per call, for every timestamp of every answer (a created game's, say).
/// Fractional seconds are read too, since RFC 3339 allows them, but never written.
public struct WireDateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String { date.formatted(.iso8601) }

    public func decode(_ text: String) throws -> Date {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(text.prefix(64)) is not an RFC 3339 time"))
    }
}

extension Configuration {
    /// The runtime's configuration with ``WireDateTranscoder``, for the server and the SDK.
    public static var parlor: Configuration { Configuration(dateTranscoder: WireDateTranscoder()) }
}
