import Foundation
import GameCore
import Testing

/// A tiny game to exercise the contract without any real rules: players alternately take 1–3
/// stones from a pile; whoever takes the last stone wins.
enum Nim: GameModule {
    struct Settings: GameSettings {
        static let currentVersion = 1
        var settingsVersion = 1
        var stones = 7
    }

    struct State: Codable, Equatable, Sendable {
        var stones: Int
        var turn: Int
        var winner: Int?
    }

    struct View: Codable, Equatable, Sendable {
        var stones: Int
        var outcome: GameOutcome?
    }

    typealias Action = Int

    static let gameType: GameType = "nim"
    static let engineVersion = 3
    static let catalogEntry = GameCatalogEntry(
        id: gameType, displayName: "Nim", symbol: "circle.grid.3x3", minPlayers: 2, maxPlayers: 2, difficulty: .easy)
    static let policy = GamePolicy(minPlayers: 2, maxPlayers: 2, isTurnBased: true, allowsRejoin: true, supportsSpectators: false)

    static func defaultSettings(playerCount: Int) -> Settings { Settings() }

    static func initialState(players: [GamePlayer], settings: Settings, seed: GameSeed) throws(GameError) -> State {
        try checkVersion(of: settings)
        try checkPlayerCount(players.count)
        var random = GameRandom(seed: seed)
        return State(stones: settings.stones, turn: random.nextInt(below: 2), winner: nil)
    }

    static func reduce(_ state: State, _ action: Int, by seat: Int) throws(GameError) -> State {
        guard state.winner == nil else { throw .gameOver("no stones left") }
        guard seat == state.turn else { throw .notYourTurn("seat \(state.turn) is to move") }
        guard (1...min(3, state.stones)).contains(action) else { throw .invalidAction("cannot take \(action)") }
        var next = state
        next.stones -= action
        if next.stones == 0 { next.winner = seat } else { next.turn = 1 - seat }
        return next
    }

    static func legalActions(in state: State, for seat: Int) -> [Int]? {
        state.winner == nil && seat == state.turn ? Array(1...min(3, state.stones)) : []
    }

    static func outcome(of state: State) -> GameOutcome? {
        state.winner.map { GameOutcome(winners: [$0], winType: "last-stone") }
    }

    static func view(of state: State, for viewer: Viewer) -> View { View(stones: state.stones, outcome: outcome(of: state)) }

    static func outcome(in view: View) -> GameOutcome? { view.outcome }

    static func turnSeats(in state: State) -> [Int] { state.winner == nil ? [state.turn] : [] }
}

@Suite struct GameContractTests {
    func finishedRecord() throws -> GameRecord<Nim> {
        var record = GameRecord<Nim>(settings: Nim.Settings(), seed: 4, seats: GamePlayer.seats(2))
        var state = try Nim.initialState(players: record.seats, settings: record.settings, seed: record.seed)
        for take in [3, 3, 1] {
            state = try record.append(take, by: state.turn, to: state)
        }
        return record
    }

    @Test func aRecordReplaysToTheSameOutcome() throws {
        let record = try finishedRecord()
        #expect(record.outcome?.winType == "last-stone")
        #expect(Nim.outcome(of: try record.replay()) == record.outcome)
        var states: [Nim.State] = []
        try record.replay { states.append($0) }
        #expect(states.map(\.stones) == [7, 4, 1, 0])
    }

    @Test func replayNamesTheFailingActionAndKeepsTheErrorKind() throws {
        var record = try finishedRecord()
        record.actions[1].action = 9
        #expect(throws: GameError.invalidAction("action 2 (seat \(record.actions[1].seat)): cannot take 9")) {
            try record.replay()
        }
        record = try finishedRecord()
        record.actions[1].seat = record.actions[0].seat
        #expect(throws: GameError.self) { try record.replay() }
        do { _ = try record.replay() } catch { #expect(error.code == .notYourTurn) }
    }

    @Test func replayRefusesOtherVersionsGamesAndOutcomes() throws {
        var record = try finishedRecord()
        record.engineVersion = 2
        do { _ = try record.replay() } catch { #expect(error.code == .versionMismatch) }
        record = try finishedRecord()
        record.settings.settingsVersion = 0
        do { _ = try record.replay() } catch { #expect(error.code == .versionMismatch) }
        record = try finishedRecord()
        record.game = "chess"
        do { _ = try record.replay() } catch { #expect(error.code == .unsupportedGameVersion) }
        record = try finishedRecord()
        record.outcome = GameOutcome(winners: [0, 1], winType: "last-stone")
        do { _ = try record.replay() } catch { #expect(error.code == .desync) }
    }

    @Test func theRegistryRefusesUnknownGamesAndReplaysKnownOnes() throws {
        let registry = GameRegistry([Nim.self])
        #expect(registry.catalogue.map(\.id) == ["nim"])
        #expect(throws: GameError.unsupportedGameVersion("this build does not have the game \"go\"")) {
            try registry.module(for: "go")
        }
        #expect(throws: GameError.self) { try registry.check("nim", engineVersion: 2) }
        let data = try JSONEncoder().encode(try finishedRecord())
        let summary = try registry.replay(recordJSON: data)
        #expect(summary.actionCount == 3 && summary.outcome?.winType == "last-stone")
    }

    @Test func undecodableRecordsAreCorruptedPayloadsThatSayWhere() throws {
        let registry = GameRegistry([Nim.self])
        func error(_ json: String) -> GameError? {
            do {
                _ = try registry.replay(recordJSON: Data(json.utf8))
                return nil
            } catch { return error }
        }
        #expect(error("{") == .corruptedPayload("not valid JSON"))
        #expect(error(#"{"game_type":"nim"}"#) == .corruptedPayload("missing field \"engine_version\""))
        #expect(error(#"{"game_type":"tetris","engine_version":1}"#)?.code == .unsupportedGameVersion)
        let good = String(decoding: try JSONEncoder().encode(try finishedRecord()), as: UTF8.self)
        let badSeat = good.replacingOccurrences(of: #""seat":"#, with: #""seat":"x","was":"#)
        #expect(error(badSeat)?.code == .corruptedPayload)
        #expect(error(badSeat)?.message.contains("actions[0].seat") == true)
    }

    @Test func errorsHaveStableWireCodes() throws {
        #expect(GameError.Code.allCases.map(\.rawValue) == [
            "invalid_action", "not_your_turn", "game_over", "desync", "corrupted_payload", "version_mismatch",
            "unsupported_game_version",
        ])
        let error = GameError.notYourTurn("wait")
        let data = try JSONEncoder().encode(error)
        #expect(String(decoding: data, as: UTF8.self).contains(#""code":"not_your_turn""#))
        #expect(try JSONDecoder().decode(GameError.self, from: data) == error)
        #expect(error.prefixed("action 3") == .notYourTurn("action 3: wait"))
    }

    @Test func viewersEncodeAsASeatOrNothing() throws {
        let data = try JSONEncoder().encode([Viewer.player(seat: 2), .spectator])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"seat":2},{}]"#)
        #expect(try JSONDecoder().decode([Viewer].self, from: data) == [.player(seat: 2), .spectator])
    }
}
