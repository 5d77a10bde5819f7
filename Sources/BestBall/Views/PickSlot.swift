/// One pick of the draft as the picks bar and the board show it: made, on the clock, or to come.
public struct PickSlot: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable {
        case made
        case onTheClock = "on_the_clock"
        case upcoming
    }

    public var number: Int
    /// "2.05": round, then the pick in the round.
    public var label: String
    public var round: Int
    public var pickInRound: Int
    public var team: Int
    public var status: Status
    /// The player taken, once made.
    public var player: DraftPlayer?
    public var auto: Bool?

    enum CodingKeys: String, CodingKey {
        case number, label, round, team, status, player, auto
        case pickInRound = "pick_in_round"
    }
}

/// The derived views the draft room's screens show, computed from the state and the pool.
public enum DraftViews {
    /// Every pick of the draft in order: the horizontal picks bar (past, on the clock, future).
    public static func picksBar(_ state: DraftState, pool: PlayerPool) -> [PickSlot] {
        let order = state.order
        let current = state.currentPick
        return (0..<order.totalPicks).map { $0 + 1 }.map { number in
            let made = number <= state.picks.count ? state.picks[number - 1] : nil
            let status: PickSlot.Status = made != nil ? .made : number == current ? .onTheClock : .upcoming
            return PickSlot(
                number: number, label: order.label(of: number), round: order.round(of: number), pickInRound: order.pickInRound(of: number),
                team: order.team(making: number), status: status, player: made.flatMap { pool[$0.playerID] }, auto: made?.auto)
        }
    }

    /// The board: one row per round, one column per team (draft slot), each cell the pick that
    /// team makes in that round.
    public static func board(_ state: DraftState, pool: PlayerPool) -> [[PickSlot]] {
        let slots = picksBar(state, pool: pool)
        let order = state.order
        return (1...order.rounds).map { round in
            (0..<order.teams).map { team in slots[order.picks(of: team)[round - 1] - 1] }
        }
    }

    /// How many picks come before `team`'s next one: 0 on the clock, nil with none left.
    public static func picksUntilTurn(_ state: DraftState, team: Int) -> Int? {
        guard let current = state.currentPick else { return nil }
        return state.order.picksUntil(team: team, from: current)
    }
}
