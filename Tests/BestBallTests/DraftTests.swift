import BestBall
import Testing

@Suite("Snake draft")
struct DraftTests {
    let pool = PlayerPool(SyntheticPool.players())

    @Test("the snake order runs each round back the other way, and labels picks round.pick")
    func snakeOrder() {
        let order = SnakeOrder(teams: 12, rounds: 18)
        #expect(order.totalPicks == 216)
        #expect([1, 12, 13, 24, 25].map(order.team(making:)) == [0, 11, 11, 0, 0])
        #expect(order.label(of: 17) == "2.05")
        #expect(order.label(of: 1) == "1.01")
        #expect(order.label(of: 216) == "18.12")
        #expect(order.picks(of: 0).prefix(3) == [1, 24, 25])
        let all = (0..<12).flatMap(order.picks(of:)).sorted()
        #expect(all == Array(1...216))
        for team in 0..<12 { #expect(order.picks(of: team).allSatisfy { order.team(making: $0) == team }) }
        #expect(order.picksUntil(team: 0, from: 1) == 0)
        #expect(order.picksUntil(team: 0, from: 2) == 22)
        #expect(order.picksUntil(team: 5, from: 216) == nil)
    }

    @Test("the clock is normal, then warning, critical, grace, expired; autopick shortens it")
    func clock() {
        let settings = DraftSettings(pickMillis: 30_000, graceMillis: 2_000, warningMillis: 10_000, criticalMillis: 5_000, autopickMillis: 1_000)
        let phases = [0, 19_999, 20_000, 25_001, 25_000, 30_000, 31_999, 32_000].map {
            DraftClock(settings: settings, startedAt: 1_000, autopick: false, now: 1_000 + Int64($0)).phase
        }
        #expect(phases == [.normal, .normal, .warning, .critical, .critical, .grace, .grace, .expired])
        let clock = DraftClock(settings: settings, startedAt: 0, autopick: false, now: 20_500)
        #expect(clock.remainingSeconds == 10)
        #expect(clock.deadline == 32_000)
        let auto = DraftClock(settings: settings, startedAt: 0, autopick: true, now: 0)
        #expect(auto.deadline == 1_000)
    }

    @Test("settings that cannot run a draft are named")
    func settingsProblems() {
        #expect(DraftSettings().problem == nil)
        #expect(DraftSettings(teams: 1).problem != nil)
        #expect(DraftSettings(caps: PositionCounts(qb: 1, rb: 2, wr: 3, te: 1)).problem != nil)
        #expect(DraftSettings(caps: PositionCounts(qb: 0, rb: 9, wr: 10, te: 5)).problem != nil)
        #expect(DraftSettings(pickMillis: 10).problem != nil)
        #expect(DraftSettings(warningMillis: 1_000, criticalMillis: 5_000).problem != nil)
    }

    @Test("each refused pick names its error and changes nothing")
    func refusals() throws {
        var state = DraftState(settings: DraftSettings(caps: PositionCounts(qb: 1, rb: 9, wr: 10, te: 5)))
        let qbs = pool.players.filter { $0.position == .qb }
        #expect(throws: DraftError.notYourTurn(onTheClock: 0)) { try state.pick(qbs[0].id, by: 3, in: pool, at: 0) }
        #expect(throws: DraftError.unknownPlayer("nobody")) { try state.pick("nobody", by: 0, in: pool, at: 0) }
        try state.pick(qbs[0].id, by: 0, in: pool, at: 0)
        #expect(throws: DraftError.playerAlreadyDrafted(qbs[0].id)) { try state.pick(qbs[0].id, by: 1, in: pool, at: 0) }
        // Team 0 picks again at 24; by then it holds its one allowed QB.
        for _ in 1..<23 { state.autopick(queue: [], in: pool, at: 0) }
        #expect(state.onTheClock == 0)
        let before = state
        #expect(throws: DraftError.overCap(.qb, cap: 1)) { try state.pick(qbs[5].id, by: 0, in: pool, at: 0) }
        #expect(state == before)
        #expect(DraftError.overCap(.qb, cap: 1).code == "invalid_pick")
        #expect(DraftError.unknownPlayer("x").code == "invalid_pick")
    }

    @Test("a complete draft refuses every pick")
    func complete() {
        var state = DraftState(settings: DraftSettings(teams: 2, rounds: 7))
        while state.autopick(queue: [], in: pool, at: 0) != nil {}
        #expect(state.isComplete)
        #expect(state.currentPick == nil)
        #expect(throws: DraftError.draftComplete) { try state.pick(pool.players[200].id, by: 0, in: pool, at: 0) }
    }

    @Test("autopick takes the queue's first available fit, then best ADP; the team stays on autopick until it picks")
    func autopick() throws {
        var state = DraftState(settings: DraftSettings())
        let taken = pool.players[0].id
        try state.pick(taken, by: 0, in: pool, at: 0)
        let queued = [taken, "missing", pool.players[40].id, pool.players[41].id]
        let autopicked = state.autopick(queue: queued, in: pool, at: 5)
        let pick = try #require(autopicked)
        #expect(pick.playerID == pool.players[40].id)
        #expect(pick.auto && pick.team == 1)
        #expect(state.autopilot == [1])
        let nextPick = state.autopick(queue: [], in: pool, at: 6)
        let next = try #require(nextPick)
        #expect(next.playerID == pool.players[1].id)
        #expect(state.autopilot == [1, 2])
        state.setAutopilot(false, for: 2)
        #expect(state.autopilot == [1])
        for _ in 3..<24 { state.autopick(queue: [], in: pool, at: 0) }
        #expect(state.onTheClock == 0)
        for _ in 0..<12 { _ = state.autopick(queue: [], in: pool, at: 0) }
        // Team 1 picks for itself at its next turn: off autopick.
        let current = try #require(state.currentPick)
        let team1Next = try #require(state.order.picks(of: 1).first { $0 >= current })
        while (state.currentPick ?? .max) < team1Next { state.autopick(queue: [], in: pool, at: 0) }
        #expect(state.autopilot.contains(1))
        let available = try #require(pool.players.first { !state.draftedIDs.contains($0.id) })
        try state.pick(available.id, by: 1, in: pool, at: 0)
        #expect(!state.autopilot.contains(1))
    }

    @Test("a draft made wholly by autopick gives every team a legal roster that can field a lineup")
    func autopickOnlyDraft() {
        var state = DraftState(settings: DraftSettings())
        var queues: [Int: [String]] = [:]
        // Queues of quarterbacks only, to press the caps.
        for team in 0..<12 { queues[team] = pool.players.filter { $0.position == .qb }.map(\.id) }
        while let team = state.onTheClock {
            #expect(state.autopick(queue: queues[team] ?? [], in: pool, at: 0) != nil)
        }
        #expect(state.picks.count == 216)
        #expect(Set(state.picks.map(\.playerID)).count == 216)
        for team in 0..<12 {
            let counts = state.counts(of: team)
            #expect(counts.total == 18)
            for position in Position.allCases {
                #expect(counts[position] <= PositionCounts.defaultCaps[position])
                #expect(counts[position] >= PositionCounts.lineupMinimum[position])
            }
        }
    }

    @Test("the synthetic pool is 300 made-up players, the same every time")
    func syntheticPool() {
        let players = SyntheticPool.players()
        #expect(players == SyntheticPool.players())
        #expect(players.count == 300)
        #expect(Set(players.map(\.id)).count == 300)
        #expect(Set(players.map(\.name)).count == 300)
        #expect(players.filter { $0.position == .qb }.count == 40)
        #expect(players.allSatisfy { $0.id.hasPrefix("syn-") && $0.team.hasPrefix("Z") && (5...14).contains($0.byeWeek) })
        let pool = PlayerPool(players)
        #expect(pool.players.map(\.adp) == pool.players.map(\.adp).sorted())
    }
}
