/// Exponential backoff with full jitter: attempt `n` (from 0) waits a uniformly random time
/// between zero and `min(cap, base * 2^n)`, so devices that failed together do not retry together.
public struct RetryPolicy: Hashable, Sendable {
    public var maxAttempts: Int
    public var base: Duration
    public var cap: Duration

    public init(maxAttempts: Int = 4, base: Duration = .milliseconds(500), cap: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.base = base
        self.cap = cap
    }

    public static let standard = RetryPolicy()
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before retry `attempt` (0 for the first retry); `unit` is a random number in 0..<1.
    public func delay(beforeRetry attempt: Int, unit: Double) -> Duration {
        let ceiling = min(cap, base * (1 << min(attempt, 30)))
        return ceiling * min(max(unit, 0), 1)
    }
}
