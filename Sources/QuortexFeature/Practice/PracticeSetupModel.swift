import Dependencies
import GameCore
import Observation

/// Choosing a practice game: how many seats (2 to 6), which one is the player's, how hard each
/// bot plays; then starting it. A choice that cannot be played says why and cannot start.
@MainActor @Observable
public final class PracticeSetupModel {
    /// Seats at the table, the player's among them.
    public var seats = 2
    /// The player's seat, 0-based (P1 is 0).
    public var yourSeat = 0
    /// The difficulty a bot seat plays at unless it is given its own.
    public var defaultDifficulty: PracticeDifficulty = .medium
    public private(set) var difficulties: [Int: PracticeDifficulty] = [:]
    /// The game started, until the player leaves it.
    public private(set) var game: PracticeModel?
    /// Why the last start failed, when the rules refused the setup.
    public private(set) var startError: String?

    @ObservationIgnored @Dependency(\.withRandomNumberGenerator) private var random
    @ObservationIgnored private let botPause: Duration

    public init(botPause: Duration = PracticeModel.defaultBotPause) {
        self.botPause = botPause
    }

    // MARK: Derived state

    public var seatChoices: [Int] { Array(PracticeSetup.seatRange) }
    /// The seats the player may take: one of those at the table.
    public var yourSeatChoices: [Int] { Array(0..<max(seats, 0)) }
    public var botSeats: [Int] { setup(seed: 0).botSeats }
    /// Why these choices cannot be played; nil when they can.
    public var problem: String? { setup(seed: 0).problem }
    public var canStart: Bool { problem == nil }

    public func difficulty(ofSeat seat: Int) -> PracticeDifficulty { difficulties[seat] ?? defaultDifficulty }

    /// "P2", as the table names a seat.
    public func seatName(_ seat: Int) -> String { "P\(seat + 1)" }

    // MARK: Intents

    public func setDifficulty(_ difficulty: PracticeDifficulty, forSeat seat: Int) {
        difficulties[seat] = difficulty
    }

    /// Every bot at `difficulty`.
    public func setEveryBot(_ difficulty: PracticeDifficulty) {
        defaultDifficulty = difficulty
        difficulties = [:]
    }

    /// Deals a game with these choices and a fresh seed; an impossible setup is refused.
    public func start() async {
        startError = nil
        if let problem {
            startError = problem
            return
        }
        let seed = random { UInt64.random(in: .min ... .max, using: &$0) }
        let chosen = setup(seed: seed)
        let botPause = botPause
        // The game's effects are this model's: its client, clock and ids.
        let dealt = withDependencies(from: self) { () -> Result<PracticeModel, GameError> in
            do throws(GameError) {
                return .success(try PracticeModel(setup: chosen, botPause: botPause))
            } catch {
                return .failure(error)
            }
        }
        switch dealt {
        case .success(let game):
            self.game = game
            await game.start()
        case .failure(let error):
            startError = "Can't start: \(error.message)"
        }
    }

    /// The player left the game: back to choosing.
    public func endGame() async {
        await game?.close()
        game = nil
    }

    private func setup(seed: UInt64) -> PracticeSetup {
        var setup = PracticeSetup(seats: seats, yourSeat: yourSeat, seed: seed)
        for seat in setup.botSeats { setup.difficulties[seat] = difficulty(ofSeat: seat) }
        return setup
    }
}
