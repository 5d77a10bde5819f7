/// Why the local store could not be opened or written. Unreadable metadata is reported as
/// `StatsProviderError.corrupt`; these are the other failures.
public enum LocalStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file operation failed (disk full, permissions, a directory where a file should be).
    case fileSystem(operation: String, path: String, reason: String)
    /// The store was written by a newer version of the app, whose layout this one cannot read.
    case unsupportedSchema(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .fileSystem(let operation, let path, let reason): "could not \(operation) \(path): \(reason)"
        case .unsupportedSchema(let found, let supported):
            "the stats store has schema \(found); this version reads up to \(supported)"
        }
    }
}

/// What opening the log found wrong and repaired. All zero for a cleanly closed log.
public struct LocalStoreRecovery: Hashable, Sendable {
    /// Bytes of damaged records skipped in the middle of the log (left in the file, skipped on
    /// every open).
    public var skippedBytes = 0
    /// Damaged stretches skipped in the middle of the log.
    public var skippedRegions = 0
    /// Bytes of a torn or damaged tail cut off the end of the log (a write a crash interrupted).
    public var truncatedBytes = 0
    /// Intact records whose JSON is not an event this version understands (kept in the file).
    public var undecodableRecords = 0

    public init() {}

    public var isClean: Bool { self == LocalStoreRecovery() }
}
