import Dependencies
import Foundation

/// This install's stable id, the key of a guest account: made once and kept (in the keychain on
/// Apple's systems, so it survives reinstalling; in a file elsewhere). A struct of closures so a
/// test hands its own.
public struct DeviceIdentity: Sendable {
    public var load: @Sendable () -> String?
    public var save: @Sendable (String) throws -> Void

    public init(load: @escaping @Sendable () -> String?, save: @escaping @Sendable (String) throws -> Void) {
        self.load = load
        self.save = save
    }

    /// The kept id, or a new one (from `uuid`) kept from now on.
    public func id(making uuid: () -> UUID) throws -> String {
        if let kept = load(), !kept.isEmpty { return kept }
        let made = "device-" + uuid().uuidString.lowercased()
        try save(made)
        return made
    }

    /// In a file: the terminal's and Linux's store.
    public static func file(_ url: URL) -> DeviceIdentity {
        DeviceIdentity(
            load: { (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) },
            save: { value in
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try value.write(to: url, atomically: true, encoding: .utf8)
            })
    }

    /// Kept in memory only (tests, previews).
    public static func memory(_ initial: String? = nil) -> DeviceIdentity {
        let value = LockIsolated(initial)
        return DeviceIdentity(load: { value.value }, save: { new in value.setValue(new) })
    }
}

extension DeviceIdentity: DependencyKey {
    public static var liveValue: DeviceIdentity {
        #if canImport(Security)
        return .keychain(service: Bundle.main.bundleIdentifier ?? "parlor")
        #else
        return .file(FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".parlor/app/device-id"))
        #endif
    }

    public static var testValue: DeviceIdentity { .memory() }
}

extension DependencyValues {
    public var deviceIdentity: DeviceIdentity {
        get { self[DeviceIdentity.self] }
        set { self[DeviceIdentity.self] = newValue }
    }
}
