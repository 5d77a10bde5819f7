import Clocks
import AppFoundation
import CPUBoundTrait
import Dependencies
import GameCore
import Quortex
import Testing

@testable import QuortexFeature

/// Choosing a practice game: the seats, your seat, each bot's difficulty, the choices refused
/// with their reason, and the game started with exactly what was chosen.
@MainActor
// The bots (the hard one looks ahead) and the hints compute between awaits: a thread of their own.
@Suite(.cpuBound) struct PracticeSetupModelTests {
    func model(_ server: PracticeServerDouble = PracticeServerDouble(balances: nil)) -> PracticeSetupModel {
        withDependencies {
            $0.practice = server.client
            $0.continuousClock = ImmediateClock()
            $0.uuid = .incrementing
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(GameRandom(seed: 9))
        } operation: { PracticeSetupModel() }
    }

    @Test func theDefaultIsYouAgainstOneMediumBot() {
        let setup = model()
        #expect(setup.seats == 2 && setup.yourSeat == 0)
        #expect(setup.seatChoices == [2, 3, 4, 5, 6] && setup.yourSeatChoices == [0, 1])
        #expect(setup.botSeats == [1] && setup.difficulty(ofSeat: 1) == .medium)
        #expect(setup.problem == nil && setup.canStart && setup.game == nil)
        #expect(PracticeDifficulty.allCases.map(\.title) == ["Easy", "Medium", "Hard"])
        #expect(PracticeDifficulty.allCases.map(\.botKind) == [.random, .heuristic, .lookahead])
    }

    @Test(arguments: [1, 7, 0, -2])
    func aSeatCountOutsideTwoToSixIsRefused(seats: Int) async {
        let setup = model()
        setup.seats = seats
        #expect(setup.problem == "Quortex is for 2 to 6 players, not \(seats).")
        #expect(!setup.canStart)
        await setup.start()
        #expect(setup.game == nil && setup.startError == setup.problem)
    }

    @Test func yourSeatMustBeAtTheTable() async {
        let setup = model()
        setup.seats = 4
        setup.yourSeat = 3
        #expect(setup.canStart && setup.botSeats == [0, 1, 2])
        setup.seats = 3
        #expect(setup.problem == "Your seat must be one of P1 to P3.")
        await setup.start()
        #expect(setup.game == nil && setup.startError == "Your seat must be one of P1 to P3.")
        setup.yourSeat = 2
        #expect(setup.problem == nil && setup.seatName(2) == "P3")
    }

    @Test func eachBotPlaysAtItsOwnDifficultyAndTheGameStartsAsChosen() async throws {
        let server = PracticeServerDouble(balances: nil)
        let setup = model(server)
        setup.seats = 5
        setup.yourSeat = 2
        setup.setEveryBot(.hard)
        setup.setDifficulty(.easy, forSeat: 0)
        setup.setDifficulty(.medium, forSeat: 4)
        #expect(setup.botSeats == [0, 1, 3, 4])
        #expect(setup.botSeats.map(setup.difficulty(ofSeat:)) == [.easy, .hard, .hard, .medium])

        await setup.start()
        let game = try #require(setup.game)
        #expect(setup.startError == nil)
        #expect(game.setup.seats == 5 && game.setup.yourSeat == 2)
        #expect(game.setup.difficulties == [0: .easy, 1: .hard, 3: .hard, 4: .medium])
        #expect(game.table.table.seatLabels == [0: "bot (easy)", 1: "bot (hard)", 3: "bot (hard)", 4: "bot (medium)"])
        await game.settle()
        #expect(game.table.viewerSeat == 2 && game.table.view?.players.count == 5)
        #expect(game.table.isMyTurn && game.purchases == .signedOut)

        // A second start deals another game from a new seed.
        let firstSeed = game.setup.seed
        await setup.endGame()
        #expect(setup.game == nil)
        await setup.start()
        #expect(try #require(setup.game).setup.seed != firstSeed)
    }

    @Test func setEveryBotForgetsTheSeatsOwnChoices() {
        let setup = model()
        setup.seats = 3
        setup.setDifficulty(.hard, forSeat: 1)
        setup.setEveryBot(.easy)
        #expect(setup.botSeats.map(setup.difficulty(ofSeat:)) == [.easy, .easy])
    }
}
