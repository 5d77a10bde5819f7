/// Why a profile was refused or could not be read or written. Every message names the field or
/// file involved, so that a log line or an alert says what to fix without a debugger.
public enum ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field holds a value the profile may not hold (empty username, malformed colour).
    case invalidField(field: String, reason: String)
    /// The profile file exists but cannot be understood (not JSON, truncated, wrong shape).
    /// It is left where it is unless the caller asked to recover, see `ProfileStore.load(recoverCorrupt:)`.
    case corruptFile(path: String, reason: String)
    /// The file was written by a newer build; it is refused and never overwritten, so that
    /// downgrading the app cannot destroy what the newer version stored.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Reading, writing or renaming a file failed; `reason` is the operating system's own.
    case fileSystem(operation: String, path: String, reason: String)
    /// A backup larger than the backing store accepts (iCloud key-value storage holds 1 MB).
    case backupTooLarge(bytes: Int, limit: Int)
    /// The bytes of a backup cannot be used: corrupt, or written by a newer build.
    case unreadableBackup(reason: String)

    public var message: String {
        switch self {
        case .invalidField(let field, let reason):
            "invalid \(field): \(reason)"
        case .corruptFile(let path, let reason):
            "profile file \(path) is corrupt: \(reason)"
        case .newerSchema(let path, let found, let supported):
            "profile file \(path) has schema version \(found), newer than \(supported) which this build reads;"
                + " update the app (the file was left untouched)"
        case .fileSystem(let operation, let path, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .backupTooLarge(let bytes, let limit):
            "profile backup is \(bytes) bytes, more than the \(limit) bytes a backup may hold"
        case .unreadableBackup(let reason):
            "profile backup cannot be restored: \(reason)"
        }
    }

    public var description: String { message }
}
