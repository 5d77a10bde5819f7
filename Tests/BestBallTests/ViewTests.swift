import BestBall
import Testing

@Suite("Draft room views")
struct ViewTests {
    let pool = PlayerPool(SyntheticPool.players())

    func drafted(_ count: Int) -> DraftState {
        var state = DraftState(settings: DraftSettings())
        for _ in 0..<count { state.autopick(queue: [], in: pool, at: 0) }
        return state
    }

    @Test("the picks bar shows past picks with their players, the one on the clock, and the rest")
    func picksBar() {
        let bar = DraftViews.picksBar(drafted(14), pool: pool)
        #expect(bar.count == 216)
        #expect(bar.prefix(14).allSatisfy { $0.status == .made && $0.player != nil })
        #expect(bar[14].status == .onTheClock && bar[14].label == "2.03" && bar[14].team == 9)
        #expect(bar.dropFirst(15).allSatisfy { $0.status == .upcoming && $0.player == nil })
        #expect(bar[0].player?.id == pool.players[0].id)
    }

    @Test("the board has a row per round and a column per team, each cell that team's pick")
    func board() {
        let board = DraftViews.board(drafted(30), pool: pool)
        #expect(board.count == 18 && board.allSatisfy { $0.count == 12 })
        #expect(board[1][0].number == 24 && board[1][11].number == 13)
        #expect(board[2][5].number == 30 && board[2][5].status == .made)
        #expect(board[2][6].status == .onTheClock)
    }

    @Test("rosters group by position with counts and tracker shares; picks until my turn")
    func rosters() {
        let state = drafted(48)
        let roster = RosterView(team: 0, state: state, pool: pool)
        #expect(roster.groups.map(\.position) == [.qb, .rb, .wr, .te])
        #expect(roster.groups.flatMap(\.players).count == 4)
        #expect(roster.counts.total == 4)
        let shares = roster.tracker.qb + roster.tracker.rb + roster.tracker.wr + roster.tracker.te
        #expect(abs(shares - 1) < 1e-9)
        #expect(RosterView(team: 0, state: DraftState(settings: DraftSettings()), pool: pool).tracker.qb == 0)
        #expect(DraftViews.picksUntilTurn(state, team: 0) == 0)
        #expect(DraftViews.picksUntilTurn(state, team: 1) == 1)
        #expect(DraftViews.picksUntilTurn(state, team: 11) == 11)
        #expect(RosterView.all(state, pool: pool).count == 12)
    }
}
