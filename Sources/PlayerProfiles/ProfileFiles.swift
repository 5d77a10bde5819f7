import Foundation

/// Where a `ProfileStore` keeps its files inside its directory (on iOS, the app's Documents):
///
/// - `userProfile.json`: the profile document;
/// - `userProfile.json.tmp-<uuid>`: a write in progress, renamed over the document when complete;
///   one left behind by a crash is removed on the next load;
/// - `userProfile.v<n>.json`: the file as schema version `n` wrote it, kept before migrating;
/// - `userProfile.corrupt-<UTC time>.json`: a file that could not be read, set aside on request.
public struct ProfileFiles: Hashable, Sendable {
    public static let documentName = "userProfile.json"

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public var document: URL { directory.appendingPathComponent(Self.documentName) }

    public func migrationBackup(fromSchema version: Int) -> URL {
        directory.appendingPathComponent("userProfile.v\(version).json")
    }

    /// The name a corrupt file is moved to, from the injected time of the move. Basic ISO 8601
    /// (no colons, which some file systems and sync services refuse) in UTC, so names sort by time.
    public func corruptCopy(at date: Date, attempt: Int = 1) -> URL {
        let style = Date.ISO8601FormatStyle(
            dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted, timeZone: .gmt)
        let suffix = attempt > 1 ? "-\(attempt)" : ""
        return directory.appendingPathComponent("userProfile.corrupt-\(date.formatted(style))\(suffix).json")
    }

    /// Whether a file name in the directory is an unfinished write of the document.
    public func isTemporary(_ fileName: String) -> Bool {
        fileName.hasPrefix(Self.documentName + ".tmp-")
    }

    /// A fresh name for a write in progress. Unique, so that a file left by a crash is never
    /// opened again for writing: it is only ever removed.
    func newTemporary() -> URL {
        directory.appendingPathComponent(Self.documentName + ".tmp-" + UUID().uuidString)
    }
}
