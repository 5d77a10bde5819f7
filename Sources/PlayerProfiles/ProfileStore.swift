import Foundation

/// The local player's profile, kept as one JSON document (`ProfileDocument`) in a directory: on
/// iOS the app's Documents folder. File names are listed on `ProfileFiles`.
///
/// Every change goes through the actor, one at a time, and is written atomically before it
/// becomes visible, so a crash at any point leaves the previous or the new profile on disk and
/// concurrent callers never lose each other's changes. One store should own a directory at a
/// time: loading removes unfinished writes, which would race with another writer.
public actor ProfileStore {
    public nonisolated let files: ProfileFiles
    private let defaultUsername: String
    private let now: @Sendable () -> Date
    private let newProfileID: @Sendable () -> UUID
    /// The profile as last read or written; nil until the first `load`.
    private var profile: PlayerProfile?
    /// Where `load(recoverCorrupt: true)` put an unreadable file, so that the app can tell the
    /// player and support can look at it; nil when nothing was set aside.
    public private(set) var setAsideCorruptFile: URL?

    /// - Parameters:
    ///   - defaultUsername: the name of the profile created on first launch.
    ///   - now: the clock, read only to name a corrupt file when it is set aside.
    ///   - newProfileID: the id of a profile created on first launch.
    public init(
        directory: URL, defaultUsername: String, now: @escaping @Sendable () -> Date = { Date() },
        newProfileID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.files = ProfileFiles(directory: directory)
        self.defaultUsername = defaultUsername
        self.now = now
        self.newProfileID = newProfileID
    }

    /// The stored profile, or on first launch a new one saved straight away. An older schema is
    /// migrated, keeping a copy of the old file first; a newer one is refused and left as it is.
    ///
    /// A file that cannot be read is an error and stays where it is, unless `recoverCorrupt` is
    /// true: then it is moved aside (see `setAsideCorruptFile`) and a new profile is created.
    public func load(recoverCorrupt: Bool = false) throws(ProfileError) -> PlayerProfile {
        if let profile { return profile }
        try AtomicFile.createDirectory(files.directory)
        // Left by a process that died mid-write; the document itself is whole, whatever they hold.
        AtomicFile.removeFiles(in: files.directory, where: files.isTemporary)
        let loaded =
            if let data = try AtomicFile.read(files.document) {
                try open(data, recoverCorrupt: recoverCorrupt)
            } else {
                try createProfile()
            }
        profile = loaded
        return loaded
    }

    /// Changes the profile and saves it, returning what `body` returns. Nothing is saved when
    /// `body` throws or changes nothing. A changed username is trimmed and, like a changed
    /// avatar, validated; an invalid change throws `ProfileError` and is not saved.
    @discardableResult
    public func update<Result: Sendable>(_ body: (inout PlayerProfile) throws -> Result) throws -> Result {
        let current = try load()
        var changed = current
        let result = try body(&changed)
        try commit(changed, replacing: current)
        return result
    }

    /// Counts a finished game once (see `PlayerProfile.recordGame(_:)`) and saves. Returns
    /// whether it was counted now; a repeat returns false and writes nothing.
    @discardableResult
    public func recordGame(_ game: FinishedGame) throws(ProfileError) -> Bool {
        let current = try load()
        var changed = current
        let counted = changed.recordGame(game)
        try commit(changed, replacing: current)
        return counted
    }

    private func commit(_ changed: PlayerProfile, replacing current: PlayerProfile) throws(ProfileError) {
        var changed = changed
        try changed.checkChanges(from: current)
        guard changed != current else { return }
        try save(changed)
    }

    /// Writes `profile` as the current document, and only then makes it the current profile.
    func save(_ profile: PlayerProfile) throws(ProfileError) {
        let data = try ProfileDocument(profile: profile).encoded()
        try AtomicFile.replace(files.document, with: data, through: files.newTemporary())
        self.profile = profile
    }

    private func open(_ data: Data, recoverCorrupt: Bool) throws(ProfileError) -> PlayerProfile {
        let decoded: (document: ProfileDocument, storedVersion: Int)
        do {
            decoded = try ProfileDocument.decode(data)
        } catch {
            switch error {
            case .newer(let version):
                throw .newerSchema(
                    path: files.document.path, found: version, supported: ProfileDocument.currentSchemaVersion)
            case .corrupt(let reason):
                guard recoverCorrupt else { throw .corruptFile(path: files.document.path, reason: reason) }
                try setAsideCorruptDocument()
                return try createProfile()
            }
        }
        let migrated = decoded.document.profile
        if decoded.storedVersion < ProfileDocument.currentSchemaVersion {
            // The old bytes first: if the migration turns out wrong, the original can be recovered.
            let backup = files.migrationBackup(fromSchema: decoded.storedVersion)
            try AtomicFile.replace(backup, with: data, through: files.newTemporary())
            try save(migrated)
        }
        return migrated
    }

    private func createProfile() throws(ProfileError) -> PlayerProfile {
        let username = try ProfileValidation.normalizedUsername(defaultUsername)
        let created = PlayerProfile(id: newProfileID(), username: username)
        try save(created)
        return created
    }

    private func setAsideCorruptDocument() throws(ProfileError) {
        let date = now()
        // Two recoveries in the same second get `-2`, `-3`: an earlier copy is never replaced.
        var attempt = 1
        while true {
            let destination = files.corruptCopy(at: date, attempt: attempt)
            if try AtomicFile.moveAside(files.document, to: destination) {
                setAsideCorruptFile = destination
                return
            }
            attempt += 1
        }
    }
}
