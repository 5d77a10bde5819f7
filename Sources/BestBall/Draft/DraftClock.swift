/// The pick clock as a screen shows it, from when the pick started and the time now.
public struct DraftClock: Codable, Sendable, Hashable {
    public enum Phase: String, Codable, Sendable {
        /// Plenty of time.
        case normal
        /// Ten seconds or less (by default): the "ten seconds remaining" alert fires here.
        case warning
        /// Five seconds or less (by default).
        case critical
        /// The shown clock reached zero; a pick still counts until the grace period ends.
        case grace
        /// The deadline passed: the server autopicks.
        case expired
    }

    public var phase: Phase
    /// Milliseconds left on the shown clock (0 in grace and after).
    public var remainingMillis: Int64
    /// When the shown clock reaches zero, and when the server autopicks (milliseconds since 1970).
    public var endsAt: Int64
    public var deadline: Int64

    enum CodingKeys: String, CodingKey {
        case phase
        case remainingMillis = "remaining_millis", endsAt = "ends_at", deadline
    }

    public init(settings: DraftSettings, startedAt: Int64, autopick: Bool, now: Int64) {
        endsAt = startedAt + (autopick ? settings.autopickMillis : settings.pickMillis)
        deadline = autopick ? endsAt : endsAt + settings.graceMillis
        remainingMillis = max(0, endsAt - now)
        phase =
            if now >= deadline { .expired }
            else if now >= endsAt { .grace }
            else if remainingMillis <= settings.criticalMillis { .critical }
            else if remainingMillis <= settings.warningMillis { .warning }
            else { .normal }
    }

    /// Whole seconds left as a timer shows them (rounded up, so it reads 1 until it reads 0).
    public var remainingSeconds: Int { Int((remainingMillis + 999) / 1000) }
}
