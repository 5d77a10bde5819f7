/// How a draft runs: its size, position caps and clock. Times are in milliseconds.
public struct DraftSettings: Codable, Sendable, Hashable {
    public var teams: Int
    public var rounds: Int
    public var caps: PositionCounts
    /// The time shown to the team on the clock.
    public var pickMillis: Int64
    /// Extra time after the shown clock reaches zero before the server autopicks, so a pick sent
    /// at the last moment over a slow network still counts.
    public var graceMillis: Int64
    /// The clock turns to its warning state when this much time is left, and critical at `criticalMillis`.
    public var warningMillis: Int64
    public var criticalMillis: Int64
    /// How long a team on autopick waits on the clock before its pick is made.
    public var autopickMillis: Int64

    enum CodingKeys: String, CodingKey {
        case teams, rounds, caps
        case pickMillis = "pick_millis", graceMillis = "grace_millis", warningMillis = "warning_millis"
        case criticalMillis = "critical_millis", autopickMillis = "autopick_millis"
    }

    public init(
        teams: Int = 12, rounds: Int = 18, caps: PositionCounts = .defaultCaps, pickMillis: Int64 = 30_000, graceMillis: Int64 = 2_000,
        warningMillis: Int64 = 10_000, criticalMillis: Int64 = 5_000, autopickMillis: Int64 = 1_000
    ) {
        self.teams = teams
        self.rounds = rounds
        self.caps = caps
        self.pickMillis = pickMillis
        self.graceMillis = graceMillis
        self.warningMillis = warningMillis
        self.criticalMillis = criticalMillis
        self.autopickMillis = autopickMillis
    }

    /// Why these settings cannot run a draft, or nil when they can.
    public var problem: String? {
        if !(2...32).contains(teams) { return "teams must be 2 to 32" }
        if !(1...40).contains(rounds) { return "rounds must be 1 to 40" }
        if Position.allCases.contains(where: { caps[$0] < 0 }) { return "a position cap cannot be negative" }
        if caps.total < rounds { return "the position caps allow \(caps.total) players, fewer than \(rounds) rounds" }
        if Position.allCases.contains(where: { caps[$0] < PositionCounts.lineupMinimum[$0] }) {
            return "the caps must allow a full lineup (QB 1, RB 2, WR 3, TE 1)"
        }
        if rounds < PositionCounts.lineupMinimum.total { return "rounds must be at least 7, a full lineup" }
        if pickMillis < 1_000 { return "the pick clock must be at least one second" }
        if graceMillis < 0 || autopickMillis < 0 || warningMillis < 0 || criticalMillis < 0 { return "times cannot be negative" }
        if criticalMillis > warningMillis { return "the critical threshold must not exceed the warning threshold" }
        return nil
    }

    public var totalPicks: Int { teams * rounds }
    public var order: SnakeOrder { SnakeOrder(teams: teams, rounds: rounds) }
}
