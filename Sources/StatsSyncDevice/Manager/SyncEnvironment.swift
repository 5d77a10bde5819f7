import StatsSync

/// The clock, calendar, sleeping and randomness the manager uses, injected so tests run retries
/// and backoff without waiting.
public struct SyncEnvironment: Sendable {
    /// Unix milliseconds.
    public var now: @Sendable () -> Int64
    /// The player's local calendar date.
    public var today: @Sendable () -> PuzzleDate
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A random number in 0..<1 for jitter.
    public var random: @Sendable () -> Double

    public init(
        now: @escaping @Sendable () -> Int64,
        today: @escaping @Sendable () -> PuzzleDate,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.now = now
        self.today = today
        self.sleep = sleep
        self.random = random
    }
}
