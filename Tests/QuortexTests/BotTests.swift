import CPUBoundTrait
import GameCore
import Testing

@testable import Quortex

@Suite(.cpuBound) struct BotTests {
    /// Outright wins (ties do not count) of `bot` over `opponent` in two-player games with seeds
    /// from `firstSeed`, seats alternating so neither bot always has the same side.
    func wins(of bot: any QuortexBot, against opponent: any QuortexBot, games: Int, firstSeed: UInt64) async throws -> Int {
        var wins = 0
        for game in 0..<games {
            let seat = game % 2
            let bots = seat == 0 ? [bot, opponent] : [opponent, bot]
            let record = try SelfPlay.play(players: 2, bots: bots, seed: GameSeed(firstSeed + UInt64(game)))
            if record.outcome?.winners == [seat] { wins += 1 }
        }
        return wins
    }

    @Test func theHeuristicBotBeatsTheRandomBotInAtLeast70PercentOf200Games() async throws {
        let wins = try await wins(of: HeuristicBot(), against: RandomBot(), games: 200, firstSeed: 0)
        print("heuristic bot won \(wins) of 200 games against the random bot")
        #expect(wins >= 140)
    }

    @Test func theLookaheadBotBeatsTheHeuristicBotMostOfTheTime() async throws {
        let wins = try await wins(of: LookaheadBot(), against: HeuristicBot(), games: 60, firstSeed: 1000)
        print("lookahead bot won \(wins) of 60 games against the heuristic bot")
        #expect(wins >= 36)
    }

    @Test func botGamesAreReproducibleAndReplay() async throws {
        for players in 2...6 {
            let bots: [any QuortexBot] = [HeuristicBot(), RandomBot(), LookaheadBot()]
            let record = try SelfPlay.play(players: players, bots: bots, seed: 31)
            #expect(try SelfPlay.play(players: players, bots: bots, seed: 31) == record)
            #expect(try record.replay().outcome == record.outcome)
            #expect(record.outcome != nil)
        }
    }

    @Test func theHeuristicBotTakesAWinAndAvoidsHandingOne() async throws {
        // Seat 0 can finish its diagonal at d4; the bot must see it.
        var scenario = Scenario(sides: [0, 2])
        scenario.tiles = try path(VictoryTests.diagonal, entry: .west, exit: .northEast).filter { $0.0 != "d4" }
        scenario.drawn = .noSharps
        var random = GameRandom(seed: 1)
        let state = try scenario.state()
        let theirs = try { () throws -> QuortexState in
            var other = scenario
            other.turnSeat = 1
            return try other.state()
        }()
        for bot in [HeuristicBot(), LookaheadBot()] as [any QuortexBot] {
            let choice = try #require(bot.choosePlacement(in: state.position, random: &random))
            #expect(try Quortex.reduce(state, .place(choice), by: 0).outcome?.winners == [0])
            // The same position with seat 1 to move: it must not complete seat 0's flow.
            let other = try #require(bot.choosePlacement(in: theirs.position, random: &random))
            #expect(try Quortex.reduce(theirs, .place(other), by: 1).outcome == nil)
        }
    }

    @Test func routeDistanceCountsEmptyCellsStillToCross() async throws {
        #expect(RouteDistance.between(0, 3, on: Board.empty.codes) == 7)
        var scenario = Scenario(sides: [0, 2])
        scenario.tiles = try path(VictoryTests.diagonal, entry: .west, exit: .northEast).filter { $0.0 != "d4" }
        #expect(RouteDistance.between(0, 3, on: try scenario.state().board.codes) == 1)
    }
}
