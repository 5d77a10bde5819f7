/// A snake draft: the picks made so far and which teams the server drafts for. A pure value;
/// every change goes through ``pick(_:by:in:at:)`` or ``autopick(queue:in:at:)``, which either
/// apply the whole pick or throw and change nothing.
public struct DraftState: Codable, Sendable, Hashable {
    public let settings: DraftSettings
    public private(set) var picks: [DraftPick]
    /// Teams on autopick: they missed a pick and have not acted since, or asked for it.
    public private(set) var autopilot: Set<Int>

    public init(settings: DraftSettings, picks: [DraftPick] = [], autopilot: Set<Int> = []) {
        self.settings = settings
        self.picks = picks
        self.autopilot = autopilot
    }

    public var order: SnakeOrder { settings.order }
    public var isComplete: Bool { picks.count >= settings.totalPicks }
    /// The number of the pick being made, or nil once the draft is complete.
    public var currentPick: Int? { isComplete ? nil : picks.count + 1 }
    /// The team on the clock, or nil once the draft is complete.
    public var onTheClock: Int? { currentPick.map(order.team(making:)) }

    public var draftedIDs: Set<String> { Set(picks.map(\.playerID)) }

    public func picks(of team: Int) -> [DraftPick] { picks.filter { $0.team == team } }

    public func counts(of team: Int) -> PositionCounts {
        var counts = PositionCounts()
        for pick in picks where pick.team == team { counts[pick.position] += 1 }
        return counts
    }

    /// The clock of the pick being made, which started at `startedAt`.
    public func clock(startedAt: Int64, now: Int64) -> DraftClock? {
        onTheClock.map { DraftClock(settings: settings, startedAt: startedAt, autopick: autopilot.contains($0), now: now) }
    }

    /// Why `team` may not draft `playerID` now, or nil when it may.
    public func refusal(of playerID: String, by team: Int, in pool: PlayerPool) -> DraftError? {
        do {
            _ = try player(playerID, for: team, in: pool)
            return nil
        } catch {
            return error
        }
    }

    /// `team` drafts `playerID`. A team that picks for itself is off autopick.
    @discardableResult
    public mutating func pick(_ playerID: String, by team: Int, in pool: PlayerPool, at: Int64) throws(DraftError) -> DraftPick {
        let player = try player(playerID, for: team, in: pool)
        autopilot.remove(team)
        return append(player.id, position: player.position, team: team, auto: false, at: at)
    }

    /// The player `team` may draft now, checked in the seed's order of errors.
    private func player(_ playerID: String, for team: Int, in pool: PlayerPool) throws(DraftError) -> DraftPlayer {
        guard let onTheClock else { throw .draftComplete }
        guard team == onTheClock else { throw .notYourTurn(onTheClock: onTheClock) }
        guard let player = pool[playerID] else { throw .unknownPlayer(playerID) }
        if picks.contains(where: { $0.playerID == playerID }) { throw .playerAlreadyDrafted(playerID) }
        let cap = settings.caps[player.position]
        if counts(of: team)[player.position] >= cap { throw .overCap(player.position, cap: cap) }
        return player
    }

    /// The server picks for the team on the clock (its time ran out, or it is on autopick) and
    /// keeps it on autopick until its owner acts. Nil when the draft is complete or nothing fits.
    @discardableResult
    public mutating func autopick(queue: [String], in pool: PlayerPool, at: Int64) -> DraftPick? {
        guard let team = onTheClock, let player = Autopick.choice(for: team, in: self, queue: queue, pool: pool) else { return nil }
        autopilot.insert(team)
        return append(player.id, position: player.position, team: team, auto: true, at: at)
    }

    /// The owner turned autopick on or off (making a pick turns it off too).
    public mutating func setAutopilot(_ on: Bool, for team: Int) {
        if on { autopilot.insert(team) } else { autopilot.remove(team) }
    }

    private mutating func append(_ playerID: String, position: Position, team: Int, auto: Bool, at: Int64) -> DraftPick {
        let pick = DraftPick(number: picks.count + 1, team: team, playerID: playerID, position: position, auto: auto, at: at)
        picks.append(pick)
        return pick
    }
}
