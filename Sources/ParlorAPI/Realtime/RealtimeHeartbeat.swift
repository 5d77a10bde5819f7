/// The heartbeat rule both ends of `/ws` keep: a side that has heard nothing from the other for a
/// heartbeat asks for a sign of life (once), and one that has heard nothing for two gives the
/// socket up. A side that hears frames never pings, so busy sockets carry no heartbeat traffic.
public enum RealtimeHeartbeat: Equatable, Sendable {
    case none
    /// Nothing heard for a heartbeat and no ping for as long: ask for a sign of life.
    case ping
    /// Nothing heard for two heartbeats, so the ping went unanswered: the peer or its path is gone.
    case close

    public static func decide(sinceHeard: Duration, sincePinged: Duration?, period: Duration) -> RealtimeHeartbeat {
        if sinceHeard >= period * 2 { return .close }
        if sinceHeard >= period, sincePinged.map({ $0 >= period }) ?? true { return .ping }
        return .none
    }

    /// When to look again after deciding at `now`: when the silence would reach a heartbeat, or,
    /// once pinged, when the answer is due. Never earlier than `now`.
    public static func nextLook(
        now: ContinuousClock.Instant, lastHeard: ContinuousClock.Instant, pingedAt: ContinuousClock.Instant?, period: Duration
    ) -> ContinuousClock.Instant {
        let silenceDue = lastHeard + period
        if silenceDue > now { return silenceDue }
        return max(now, (pingedAt ?? now) + period)
    }
}
