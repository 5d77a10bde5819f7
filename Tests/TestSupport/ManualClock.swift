import Foundation
import Synchronization

/// A clock the test moves by hand.
public final class ManualClock: Sendable {
    // Starts at the real time, so tokens the fake providers sign for "now" are current.
    private let current = Mutex(Date())

    public init() {}

    public func now() -> Date { current.withLock { $0 } }

    public func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
