import Dependencies
import Foundation

/// What this device has already reported to Game Center, by Game Center id (a score, or an
/// achievement's percent), so a value the server has not changed is not sent again.
public struct GameCenterLedger: Sendable {
    public var load: @Sendable () -> [String: Double]
    public var save: @Sendable ([String: Double]) -> Void

    public init(load: @escaping @Sendable () -> [String: Double], save: @escaping @Sendable ([String: Double]) -> Void) {
        self.load = load
        self.save = save
    }

    /// In the app's user defaults under `key`.
    public static func userDefaults(key: String = "quortex.gameCenter.reported") -> GameCenterLedger {
        GameCenterLedger(
            load: { (UserDefaults.standard.dictionary(forKey: key) as? [String: Double]) ?? [:] },
            save: { UserDefaults.standard.set($0, forKey: key) })
    }

    public static func memory(_ initial: [String: Double] = [:]) -> GameCenterLedger {
        let values = LockIsolated(initial)
        return GameCenterLedger(load: { values.value }, save: { values.setValue($0) })
    }
}

extension GameCenterLedger: DependencyKey {
    public static var liveValue: GameCenterLedger { .userDefaults() }

    public static var testValue: GameCenterLedger {
        GameCenterLedger(
            load: {
                reportIssue("GameCenterLedger.load is not set in this test")
                return [:]
            },
            save: { _ in reportIssue("GameCenterLedger.save is not set in this test") })
    }
}

extension DependencyValues {
    public var gameCenterLedger: GameCenterLedger {
        get { self[GameCenterLedger.self] }
        set { self[GameCenterLedger.self] = newValue }
    }
}
