import ConcurrencyExtras

/// A point in session time: a duration since the clock's own origin. Only differences mean
/// anything, which is all the lobby's timeouts need.
public struct SessionInstant: Comparable, Hashable, Sendable {
    public var sinceOrigin: Duration

    public init(sinceOrigin: Duration) { self.sinceOrigin = sinceOrigin }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
    public static func + (lhs: Self, rhs: Duration) -> Self { Self(sinceOrigin: lhs.sinceOrigin + rhs) }
    public static func - (lhs: Self, rhs: Self) -> Duration { lhs.sinceOrigin - rhs.sinceOrigin }
}

/// Where sessions read the time. Injected so that timeouts (host grace, silent clients) are
/// tested by moving a manual clock instead of sleeping.
public protocol SessionClock: Sendable {
    var now: SessionInstant { get }
}

/// The real, monotonic time.
public struct SystemSessionClock: SessionClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: SessionInstant { SessionInstant(sinceOrigin: ContinuousClock.now - origin) }
}

/// A clock that moves only when told to.
public final class ManualSessionClock: SessionClock {
    private let current = LockIsolated(SessionInstant(sinceOrigin: .zero))

    public init() {}

    public var now: SessionInstant { current.withValue { $0 } }

    public func advance(by duration: Duration) {
        current.withValue { $0 = $0 + duration }
    }
}
