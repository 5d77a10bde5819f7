import Dependencies
import Foundation

/// Where ``DevicePreferences`` are kept: UserDefaults on Apple's systems, a JSON file elsewhere
/// (the terminal), memory in tests.
public struct AppPreferences: Sendable {
    public var load: @Sendable () -> DevicePreferences
    public var save: @Sendable (DevicePreferences) throws -> Void

    public init(load: @escaping @Sendable () -> DevicePreferences, save: @escaping @Sendable (DevicePreferences) throws -> Void) {
        self.load = load
        self.save = save
    }
}

extension AppPreferences {
    /// Kept in memory, starting from `initial`; what a test reads back is what the model saved.
    public static func memory(_ initial: DevicePreferences = DevicePreferences()) -> AppPreferences {
        let kept = LockIsolated(initial)
        return AppPreferences(load: { kept.value }, save: { value in kept.setValue(value) })
    }

    /// A JSON file, written atomically; a file missing or unreadable reads as the defaults.
    public static func file(_ url: URL) -> AppPreferences {
        AppPreferences(
            load: {
                guard let data = try? Data(contentsOf: url), let value = try? JSONDecoder().decode(DevicePreferences.self, from: data) else {
                    return DevicePreferences()
                }
                return value
            },
            save: { value in
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try JSONEncoder().encode(value).write(to: url, options: .atomic)
            })
    }

    #if canImport(Darwin)
    /// One JSON value under `key` in the standard defaults.
    public static func userDefaults(key: String = "quortex.devicePreferences") -> AppPreferences {
        AppPreferences(
            load: {
                guard let data = UserDefaults.standard.data(forKey: key),
                    let value = try? JSONDecoder().decode(DevicePreferences.self, from: data)
                else { return DevicePreferences() }
                return value
            },
            save: { value in UserDefaults.standard.set(try JSONEncoder().encode(value), forKey: key) })
    }
    #endif
}

extension AppPreferences: DependencyKey {
    public static var liveValue: AppPreferences {
        #if canImport(Darwin)
        return .userDefaults()
        #else
        let directory = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".parlor/app", isDirectory: true)
        return .file(directory.appendingPathComponent("quortex-preferences.json"))
        #endif
    }

    public static var testValue: AppPreferences { .memory() }
}

extension DependencyValues {
    public var appPreferences: AppPreferences {
        get { self[AppPreferences.self] }
        set { self[AppPreferences.self] = newValue }
    }
}
