import Foundation

/// Somewhere to keep a copy of the profile document off the device, such as iCloud key-value
/// storage (`NSUbiquitousKeyValueStore`). Implementations hold opaque bytes; `ProfileStore`
/// produces and checks them.
public protocol ProfileBackup: Sendable {
    /// The most bytes one backup may hold: iCloud key-value storage allows 1 MB per app, so the
    /// limit is taken in decimal megabytes to stay inside it whichever way that is counted.
    static var maximumBytes: Int { get }

    func save(_ data: Data) async throws
    /// The last saved bytes, or nil when nothing was ever saved.
    func load() async throws -> Data?
}

extension ProfileBackup {
    public static var maximumBytes: Int { 1_000_000 }

    /// Throws `backupTooLarge` for more than `maximumBytes`.
    public static func checkSize(of data: Data) throws(ProfileError) {
        guard data.count <= maximumBytes else { throw .backupTooLarge(bytes: data.count, limit: maximumBytes) }
    }
}

/// A backup kept in memory: for tests, previews, and devices signed out of iCloud. It refuses
/// what the real store would refuse, so a test against it finds the same limit.
public actor InMemoryProfileBackup: ProfileBackup {
    public private(set) var data: Data?

    public init(data: Data? = nil) {
        self.data = data
    }

    public func save(_ data: Data) throws {
        try Self.checkSize(of: data)
        self.data = data
    }

    public func load() -> Data? {
        data
    }
}

extension ProfileStore {
    /// Saves the current profile document to `backup`.
    public func backUp(to backup: any ProfileBackup) async throws {
        let data = try ProfileDocument(profile: load()).encoded()
        try type(of: backup).checkSize(of: data)
        try await backup.save(data)
    }

    /// Replaces the local profile with the one in `backup` (the first launch on a new device),
    /// migrating an older schema and refusing a newer one; returns nil and changes nothing when
    /// the backup is empty.
    public func restore(from backup: any ProfileBackup) async throws -> PlayerProfile? {
        guard let data = try await backup.load() else { return nil }
        try type(of: backup).checkSize(of: data)
        let restored: PlayerProfile
        do {
            restored = try ProfileDocument.decode(data).document.profile
        } catch {
            switch error {
            case .newer(let version):
                throw ProfileError.unreadableBackup(
                    reason: "schema version \(version) is newer than \(ProfileDocument.currentSchemaVersion); update the app")
            case .corrupt(let reason):
                throw ProfileError.unreadableBackup(reason: "corrupt: \(reason)")
            }
        }
        // Loading first applies the local rules: a newer local file is refused, never overwritten,
        // and an unreadable one (often why the player is restoring) is set aside, not lost.
        _ = try load(recoverCorrupt: true)
        try save(restored)
        return restored
    }
}
