import ParlorPlay

/// The inbound rate limit of one connection: `rate` messages a second with bursts of `capacity`.
///
/// A token bucket rather than fixed windows, so a client cannot send two windows' worth around a
/// window boundary. It lives inside the connection's reader task, so it needs no lock.
struct TokenBucket {
    let capacity: Double
    let rate: Double
    private(set) var tokens: Double
    private var last: ContinuousClock.Instant

    init(capacity: Int, rate: Double, now: ContinuousClock.Instant = .now) {
        self.capacity = Double(max(capacity, 1))
        self.rate = max(rate, 0)
        self.tokens = self.capacity
        self.last = now
    }

    /// Whether the bucket was full again before this message: the client had paused.
    private(set) var wasFull = true

    /// Takes one token; false when the message is over the rate.
    mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(capacity, tokens + seconds * rate)
        wasFull = tokens >= capacity
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
