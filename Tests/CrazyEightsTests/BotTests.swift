import CPUBoundTrait
import GameCore
import Testing

@testable import CrazyEights

@Suite(.cpuBound) struct BotTests {
    /// Rounds won outright by `bot` in two-player matches of one round against `opponent`, seats
    /// alternating. A blocked round shared by both counts for neither.
    func roundWins(preset: CrazyEightsSettings.Preset, rounds: Int, firstSeed: UInt64) async throws -> Int {
        var wins = 0
        let oneRound = settings(preset) { $0.targetScore = 1 }
        for game in 0..<rounds {
            let seat = game % 2
            let bots: [any CrazyEightsBot] = seat == 0 ? [HeuristicBot(), RandomBot()] : [RandomBot(), HeuristicBot()]
            let record = try SelfPlay.play(players: 2, bots: bots, seed: GameSeed(firstSeed + UInt64(game)), settings: oneRound)
            let first = try #require(try record.replay().rounds.first)
            if first.winners == [seat] { wins += 1 }
        }
        return wins
    }

    /// The required figure, for both presets: at least 65% of 300 rounds. Before the bot read the
    /// round log it won 61% of classic rounds (a round is much the luck of the deal and the draw);
    /// leading the opponent into suits it is known or likely to lack brought it to about 70%,
    /// on these seeds and on others (1000..<1300 gave 215 classic, 214 party).
    @Test(arguments: [CrazyEightsSettings.Preset.classic, .party])
    func theHeuristicBotWinsAtLeast65PercentOf300RoundsAgainstTheRandomBot(preset: CrazyEightsSettings.Preset) async throws {
        let wins = try await roundWins(preset: preset, rounds: 300, firstSeed: 0)
        print("\(preset): heuristic bot won \(wins) of 300 two-player rounds against the random bot (\(wins * 100 / 300)%)")
        #expect(wins >= 195)
    }

    @Test func selfPlayIsReproducibleAndReplays() async throws {
        for players in 2...8 {
            let bots: [any CrazyEightsBot] = [HeuristicBot(), RandomBot()]
            let record = try SelfPlay.play(players: players, bots: bots, seed: 31, settings: .party)
            #expect(try SelfPlay.play(players: players, bots: bots, seed: 31, settings: .party) == record)
            #expect(try record.replay().outcome == record.outcome)
            #expect(record.outcome != nil)
            #expect(record.seats.map(\.name).first == "heuristic bot 1")
        }
        #expect(throws: GameError.self) { try SelfPlay.play(players: 2, bots: [], seed: 1) }
    }

    @Test func theHeuristicBotKeepsItsEightsForLast() throws {
        let view = CrazyEights.view(of: try Scenario("8D 9S 3C", "4H").state(), for: .player(seat: 0))
        #expect(choose(HeuristicBot(), view) == .play(try card("9S")))
    }

    @Test func theHeuristicBotShedsHighCardsAndFollowsItsLongSuit() throws {
        // KS and 4S both fit; the king is worth more.
        let high = CrazyEights.view(of: try Scenario("4S KS 2D", "4H").state(), for: .player(seat: 0))
        #expect(choose(HeuristicBot(), high) == .play(try card("KS")))
        // 9H turns the play to hearts, which it holds three more of.
        let long = CrazyEights.view(of: try Scenario("5S 9H 2H 3H 4H", "4C").state(), for: .player(seat: 0))
        #expect(choose(HeuristicBot(), long) == .play(try card("9H")))
    }

    @Test func theHeuristicBotNamesTheSuitItHoldsMostOf() throws {
        let view = CrazyEights.view(of: try Scenario("8D 2C 3H 4H 5H KD", "4C").state(), for: .player(seat: 0))
        #expect(choose(HeuristicBot(), view) == .play(try card("8D"), namedSuit: .hearts))
    }

    /// Seat 1 draws 4D and 5S on the 9 of spades, then plays 5S: it holds no spade, no 9 and no eight.
    func afterTheOpponentDrew(_ hand: String) throws -> CrazyEightsView {
        var scenario = Scenario(hand, "2H 3H")
        scenario.turn = 1
        scenario.stock = "5S 4D"
        let state = try scenario.state().playing("draw", "draw", "play 5S")
        return CrazyEights.view(of: state, for: .player(seat: 0))
    }

    @Test func theHeuristicBotLeadsIntoASuitTheOpponentIsKnownToLack() throws {
        // 5C would keep it in its long suit, but 6S leaves seat 1 to draw unless it holds a six.
        let view = try afterTheOpponentDrew("6S 5C 7C 9C KC")
        #expect(view.roundLog.map(\.notation) == ["1 draw 2 spades 9", "1 play 5S"])
        #expect(choose(HeuristicBot(), view) == .play(try card("6S")))
        let reading = TableReading(view)
        #expect(reading.voidSuits[1] == [.spades] && reading.voidRanks[1] == [.nine] && reading.noEights[1])
        #expect(reading.voidSuits[0].isEmpty && !reading.noEights[0])
        #expect(reading.chanceStuck(seat: 1, suit: .spades, rank: nil, handSize: 3) == 1)
    }

    @Test func theHeuristicBotNamesASuitTheOpponentLacksWithAnEight() throws {
        let view = try afterTheOpponentDrew("8D 4H 4C")
        #expect(choose(HeuristicBot(), view) == .play(try card("8D"), namedSuit: .spades))
    }

    @Test func theHeuristicBotStacksTwosAndHitsAPlayerAboutToGoOut() throws {
        var penalty = Scenario("2S 4D", "5H 2H KH", settings: .party)
        penalty.stock = "3C 4C"
        let stacked = CrazyEights.view(of: try penalty.state().playing("play 2S"), for: .player(seat: 1))
        #expect(choose(HeuristicBot(), stacked) == .play(try card("2H")))
        // The next player holds one card: a queen skipping them beats the king.
        let close = CrazyEights.view(of: try Scenario("QS KS 3D", "4H", "6C 7C", settings: .party).state(), for: .player(seat: 0))
        #expect(choose(HeuristicBot(), close) == .play(try card("QS")))
    }

    @Test func botsDrawOrPassWhenTheyCannotPlay() throws {
        let view = CrazyEights.view(of: try Scenario("4D", "2C").state(), for: .player(seat: 0))
        for bot in CrazyEightsBotKind.allCases.map(\.bot) {
            #expect(choose(bot, view) == .draw)
        }
        let spectator = CrazyEights.view(of: try Scenario("4D", "2C").state(), for: .spectator)
        #expect(choose(HeuristicBot(), spectator) == nil)
        #expect(choose(RandomBot(), spectator) == nil)
    }
}

/// One decision of `bot`, with a throwaway generator.
func choose(_ bot: any CrazyEightsBot, _ view: CrazyEightsView) -> CrazyEightsAction? {
    var random = GameRandom(seed: 5)
    return bot.chooseAction(in: view, random: &random)
}
