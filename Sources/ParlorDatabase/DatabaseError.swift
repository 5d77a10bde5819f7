import Foundation

/// Failures of the storage layer, each with a message fit for an operator's terminal.
public enum DatabaseError: Error, Equatable, CustomStringConvertible {
    case invalidURL(String, reason: String)
    case dataDirectoryNotWritable(String, reason: String)
    case unreachable(String, reason: String)
    case migrationFailed(version: Int, name: String, reason: String)
    /// The database holds migrations this build does not know: it was migrated by a newer Parlor.
    case databaseNewerThanBuild(unknownVersions: [Int])

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "invalid database URL '\(Self.redacted(url))': \(reason)"
        case .dataDirectoryNotWritable(let path, let reason):
            "data directory '\(path)' is not writable: \(reason)"
        case .unreachable(let location, let reason):
            "cannot reach database \(location): \(reason)"
        case .migrationFailed(let version, let name, let reason):
            "migration \(version) (\(name)) failed and was rolled back: \(reason)"
        case .databaseNewerThanBuild(let versions):
            "the database has migrations this build does not know (\(versions.map(String.init).joined(separator: ", "))); upgrade Parlor"
        }
    }

    /// Hides a password in a URL-like string so that errors can be printed and logged.
    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url.range(of: "@", range: schemeEnd.upperBound..<url.endIndex),
            let colon = url.range(of: ":", range: schemeEnd.upperBound..<at.lowerBound)
        else { return url }
        return url.replacingCharacters(in: colon.upperBound..<at.lowerBound, with: "***")
    }
}
