import Dependencies
import Foundation

/// Whether this device has already had its one push-permission moment (after its first online
/// game finished), kept on the device so the prompt comes once, not after every game.
public struct PushPromptRecord: Sendable {
    public var hasAsked: @Sendable () -> Bool
    public var markAsked: @Sendable () -> Void

    public init(hasAsked: @escaping @Sendable () -> Bool, markAsked: @escaping @Sendable () -> Void) {
        self.hasAsked = hasAsked
        self.markAsked = markAsked
    }

    /// In the app's user defaults under `key`.
    public static func userDefaults(key: String = "parlor.push.askedAfterFirstOnlineGame") -> PushPromptRecord {
        PushPromptRecord(
            hasAsked: { UserDefaults.standard.bool(forKey: key) },
            markAsked: { UserDefaults.standard.set(true, forKey: key) })
    }

    /// In memory, starting as `asked` (a test, a preview).
    public static func memory(asked: Bool = false) -> PushPromptRecord {
        let flag = LockIsolated(asked)
        return PushPromptRecord(hasAsked: { flag.value }, markAsked: { flag.setValue(true) })
    }
}

extension PushPromptRecord: DependencyKey {
    public static var liveValue: PushPromptRecord { .userDefaults() }

    public static var testValue: PushPromptRecord {
        PushPromptRecord(
            hasAsked: {
                reportIssue("PushPromptRecord.hasAsked is not set in this test")
                return true
            },
            markAsked: { reportIssue("PushPromptRecord.markAsked is not set in this test") })
    }
}

extension DependencyValues {
    public var pushPromptRecord: PushPromptRecord {
        get { self[PushPromptRecord.self] }
        set { self[PushPromptRecord.self] = newValue }
    }
}
