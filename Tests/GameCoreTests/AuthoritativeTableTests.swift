import Foundation
import GameCore
import Testing

/// Players add 1 or 2 to a total in turn; whoever reaches the target wins. `quit` is the game's
/// own resign action for ``QuittableCount``; ``PlainCount`` has none, so the table resigns.
protocol CountRules: GameModule where Settings == CountSettings, State == CountState, Action == CountAction, View == CountState {}

struct CountSettings: GameSettings {
    static let currentVersion = 1
    var settingsVersion = 1
    var target = 12
}

struct CountState: Codable, Equatable, Sendable {
    var total = 0
    var turn = 0
    var players: Int
    var out: Set<Int> = []
    var winner: Int?
}

enum CountAction: Codable, Hashable, Sendable {
    case add(Int)
    case quit
}

extension CountRules {
    static var engineVersion: Int { 1 }
    static var catalogEntry: GameCatalogEntry {
        GameCatalogEntry(id: gameType, displayName: "Count", symbol: "plus", minPlayers: 2, maxPlayers: 4, difficulty: .easy)
    }
    static var policy: GamePolicy { GamePolicy(minPlayers: 2, maxPlayers: 4, isTurnBased: true, allowsRejoin: true, supportsSpectators: true) }
    static func defaultSettings(playerCount: Int) -> CountSettings { CountSettings() }

    static func initialState(players: [GamePlayer], settings: CountSettings, seed: GameSeed) throws(GameError) -> CountState {
        try checkPlayerCount(players.count)
        return CountState(players: players.count)
    }

    static func reduce(_ state: CountState, _ action: CountAction, by seat: Int) throws(GameError) -> CountState {
        guard state.winner == nil else { throw .gameOver("over") }
        var next = state
        switch action {
        case .quit:
            next.out.insert(seat)
            let left = (0..<state.players).filter { !next.out.contains($0) }
            if left.count == 1 { next.winner = left[0] } else if seat == state.turn { next.turn = next.following(seat) }
        case .add(let amount):
            guard seat == state.turn else { throw .notYourTurn("seat \(state.turn) is to move") }
            guard amount == 1 || amount == 2 else { throw .invalidAction("add 1 or 2") }
            next.total += amount
            if next.total >= 12 { next.winner = seat } else { next.turn = next.following(seat) }
        }
        return next
    }

    static func legalActions(in state: CountState, for seat: Int) -> [CountAction]? {
        state.winner == nil && seat == state.turn ? [.add(1), .add(2)] : []
    }

    static func outcome(of state: CountState) -> GameOutcome? { state.winner.map { GameOutcome(winners: [$0], winType: "count") } }
    static func view(of state: CountState, for viewer: Viewer) -> CountState { state }
    static func outcome(in view: CountState) -> GameOutcome? { outcome(of: view) }
    static func turnSeats(in state: CountState) -> [Int] { state.winner == nil ? [state.turn] : [] }
}

extension CountState {
    func following(_ seat: Int) -> Int {
        var next = (seat + 1) % players
        while out.contains(next) { next = (next + 1) % players }
        return next
    }
}

enum PlainCount: CountRules { static let gameType: GameType = "plain-count" }

enum QuittableCount: CountRules {
    static let gameType: GameType = "quittable-count"
    static func resignAction(for seat: Int, in state: CountState) -> CountAction? { .quit }
}

@Suite struct AuthoritativeTableTests {
    func table<Module: CountRules>(_: Module.Type = PlainCount.self, players: Int = 3) throws -> AuthoritativeTable<Module> {
        try AuthoritativeTable<Module>(settings: CountSettings(), seed: 9, seats: GamePlayer.seats(players))
    }

    @Test func aClientIDIsAppliedOnceAndARepeatAnswersItsSeq() throws {
        var table = try table()
        guard case .applied(let entries, let states) = try table.submit(.add(2), by: 0, moveID: "c-1") else {
            Issue.record("expected the move to apply")
            return
        }
        #expect(entries == [TableEntry(seq: 1, seat: 0, kind: .action, action: .add(2), moveID: "c-1")])
        #expect(states.last == table.state && table.state.total == 2 && table.seq == 1)
        let before = table
        #expect(try table.submit(.add(1), by: 0, moveID: "c-1") == .repeated(seq: 1))
        #expect(table.state == before.state && table.seq == 1, "a repeat changes nothing, even with another action")
    }

    @Test func aRefusedActionLeavesTheTableAsItWas() throws {
        var table = try table()
        let before = table
        #expect(throws: GameError.notYourTurn("seat 0 is to move")) { try table.submit(.add(1), by: 1, moveID: "x") }
        #expect(throws: GameError.invalidAction("add 1 or 2")) { try table.submit(.add(5), by: 0, moveID: "y") }
        #expect(table.state == before.state && table.seq == 0 && table.appliedSeq(of: "x", seat: 1) == nil)
    }

    @Test func aSeatWithoutAResignActionIsResignedByTheTableAndPlayedOnAutopilot() throws {
        var table = try table(players: 3)
        guard case .applied(let resigning, _) = try table.resign(seat: 1, moveID: "r") else { return }
        #expect(resigning == [TableEntry(seq: 1, seat: 1, kind: .resign, action: nil, moveID: "r")])
        #expect(table.resigned == [1] && table.outcome == nil)
        #expect(throws: GameError.gameOver("you have resigned from this game")) { try table.submit(.add(1), by: 1, moveID: nil) }
        // Seat 0 moves; seat 1's turn follows and is played for it, then seat 2 is to move.
        guard case .applied(let entries, let states) = try table.submit(.add(1), by: 0, moveID: "m") else { return }
        #expect(entries.map(\.seat) == [0, 1] && entries.map(\.kind) == [.action, .timeout] && entries.count == states.count)
        #expect(table.state.turn == 2 && table.seq == 3)
    }

    @Test func aGamesOwnResignActionIsPlayed() throws {
        var table = try table(QuittableCount.self, players: 3)
        guard case .applied(let entries, _) = try table.resign(seat: 0, moveID: "q") else { return }
        #expect(entries == [TableEntry(seq: 1, seat: 0, kind: .action, action: .quit, moveID: "q")])
        #expect(table.state.out == [0] && table.resigned == [0] && table.state.turn == 1)
    }

    @Test func allButOneResignedEndsTheGameForTheLastSeat() throws {
        var table = try table(players: 2)
        _ = try table.resign(seat: 0, moveID: nil)
        #expect(table.outcome == GameOutcome(winners: [1], winType: .resignation))
        #expect(throws: GameError.gameOver("the game is over")) { try table.submit(.add(1), by: 1, moveID: nil) }
    }

    @Test func timeoutsPlayTheAutopilotOrForfeit() throws {
        var bot = try table(players: 3)
        guard case .applied(let played, _) = try bot.timeout(seat: 0, policy: .botMove) else { return }
        #expect(played.count == 1 && played[0].kind == .timeout && played[0].seat == 0 && played[0].action != nil)
        var forfeit = try table(players: 3)
        guard case .applied(let resigned, _) = try forfeit.timeout(seat: 0, policy: .forfeit) else { return }
        #expect(resigned.first?.kind == .resign && forfeit.resigned == [0])
    }

    @Test func theAutopilotIsDeterministicBySeedAndSeq() throws {
        let table = try table(players: 3)
        let resumed = AuthoritativeTable<PlainCount>(resuming: table.state, seed: 9, seq: 0, seatCount: 3)
        #expect(table.autopilotAction(for: 0) == resumed.autopilotAction(for: 0))
        let choices = Set((0..<40).map { seq in
            AuthoritativeTable<PlainCount>(resuming: table.state, seed: 9, seq: seq, seatCount: 3).autopilotAction(for: 0)
        })
        #expect(choices.count == 2, "the stream follows seq, so both legal actions come up")
    }

    @Test func theEngineOverJSONPlaysTheSameTable() throws {
        var typed = try table(players: 3)
        _ = try typed.resign(seat: 2, moveID: "r")
        guard case .applied(let expected, _) = try typed.submit(.add(2), by: 0, moveID: "m") else { return }
        let engine = PlainCount.engine
        let start = try engine.start(settings: engine.settings(nil, players: 3), seed: 9, seats: GamePlayer.seats(3))
        let context = TableContext(state: start, seed: 9, seq: 0, seatCount: 3, resigned: [], applied: [:])
        guard case .applied(let first, let states, _, let resigned) = try engine.resign(seat: 2, moveID: "r", kind: .action, on: context),
            let after = states.last
        else { return }
        #expect(first.map(\.kind) == [.resign] && resigned == [2])
        let next = TableContext(state: after, seed: 9, seq: 1, seatCount: 3, resigned: resigned, applied: [:])
        let json = Data(try JSONEncoder().encode(CountAction.add(2)))
        guard case .applied(let entries, _, _, _) = try engine.submit(.json(json), by: 0, moveID: "m", on: next) else { return }
        #expect(entries.map(\.seq) == expected.map(\.seq) && entries.map(\.seat) == expected.map(\.seat))
        #expect(entries.map(\.kind) == expected.map(\.kind))
        let decoded = try entries.map { try $0.action.map { try JSONDecoder().decode(CountAction.self, from: Data($0.utf8)) } }
        #expect(decoded == expected.map(\.action))
        let refused = TableContext(state: after, seed: 9, seq: 1, seatCount: 3, resigned: resigned, applied: [0: ["m": 1]])
        guard case .repeated(1) = try engine.submit(.json(Data("\"nonsense\"".utf8)), by: 0, moveID: "m", on: refused) else {
            Issue.record("a repeat is answered before the action is read")
            return
        }
    }
}
