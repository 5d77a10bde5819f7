import AppFoundation
import Dependencies
import Foundation
import GameCore
import Observation
import PlayerProfiles
import Quortex

/// A practice game against bots: the board is ``table`` (the same table model online play
/// uses), over a ``PracticeTable`` the bots play on. Beside it: undo (a real take-back of the
/// player's last placement and the bots' replies), hints (the hard bot's placement for the
/// drawn tile), each free a few times a game and then spent from the player's balance on the
/// server (unlimited with Pro), restart, leave, and the result counted in the profile once.
@MainActor @Observable
public final class PracticeModel {
    public static let freeUndosPerGame = 3
    public static let freeHintsPerGame = 3
    /// How long a bot seems to think before each move.
    public static let defaultBotPause: Duration = .milliseconds(600)

    public let table: QuortexTableModel
    @ObservationIgnored let endpoint: PracticeTable
    public internal(set) var setup: PracticeSetup
    public internal(set) var purchases: PracticePurchases = .loading
    public internal(set) var freeUndosLeft = PracticeModel.freeUndosPerGame
    public internal(set) var freeHintsLeft = PracticeModel.freeHintsPerGame
    /// How many of the player's placements can be taken back.
    public internal(set) var undoableMoves = 0
    /// A paid undo or hint is being asked of the server: the buttons wait.
    public internal(set) var isWorking = false
    /// A failure to show (the server could not be reached for a paid undo), with what to do.
    public internal(set) var error: ErrorPresentation?
    /// Shown when an undo or hint is refused for want of a balance or a sign-in.
    public internal(set) var storeOffer: PracticeStoreOffer?
    public internal(set) var isConfirmingRestart = false
    /// The game as counted in the profile, once it ended.
    public internal(set) var recordedResult: FinishedGame?
    /// Why the result could not be counted (the game itself still ended).
    public internal(set) var recordingError: String?
    /// The hint bought for a position: its placement and how many tiles were down then.
    var shownHint: (placement: Placement, placements: Int)?

    @ObservationIgnored @Dependency(\.practice) var client
    @ObservationIgnored @Dependency(\.uuid) var uuid
    @ObservationIgnored @Dependency(\.date.now) var now
    @ObservationIgnored @Dependency(\.withRandomNumberGenerator) var random
    /// The id the profile counts this game under; a new game gets a new one.
    @ObservationIgnored var matchID: UUID
    /// The key of a paid use the server has not answered, so a retry cannot spend twice.
    @ObservationIgnored var pendingKeys: [PracticeItem: String] = [:]
    /// The paid undo or hint whose request failed without an answer, for ``retry()``.
    @ObservationIgnored var unanswered: PracticeItem?
    @ObservationIgnored private var recording = false

    /// A new game as `setup` says; the bots pause `botPause` on the continuous clock before
    /// each move. An impossible setup throws its problem.
    public init(setup: PracticeSetup, botPause: Duration = PracticeModel.defaultBotPause) throws(GameError) {
        @Dependency(\.continuousClock) var clock
        endpoint = try PracticeTable(setup: setup, clock: clock, pause: botPause)
        self.setup = setup
        table = QuortexTableModel(
            endpoint: endpoint, seatLabels: setup.seatLabels, leavePrompt: "Leave this practice game? It will not be counted.")
        @Dependency(\.uuid) var newID
        matchID = newID()
    }

    // MARK: Derived state

    public var isLoading: Bool { table.table.isLoading }
    public var isOver: Bool { table.table.isOver }
    /// "Game over: you won (flow)." once it ended.
    public var verdict: String? { table.table.verdict }
    public var undoAllowance: PracticeAllowance { allowance(free: freeUndosLeft, paid: purchases.balances?.undos) }
    public var hintAllowance: PracticeAllowance { allowance(free: freeHintsLeft, paid: purchases.balances?.hints) }
    public var canUndo: Bool { undoableMoves > 0 && !isWorking }
    public var canHint: Bool { table.isMyTurn && !isWorking }
    /// The suggested placement while its position is on the board.
    public var hint: Placement? {
        guard let shownHint, shownHint.placements == table.view?.placements, table.isMyTurn else { return nil }
        return shownHint.placement
    }

    private func allowance(free: Int, paid: Int?) -> PracticeAllowance {
        PracticeAllowance(free: free, paid: paid, unlimited: purchases.isUnlimited)
    }

    // MARK: Intents

    /// Deals the table, lets a bot that moves first play, and reads the balances.
    public func start() async {
        await endpoint.start()
        await sync()
        await refreshBalances()
    }

    /// Follows the game until cancelled (a screen's `.task`), counting the result when it ends.
    public func follow() async {
        await sync()
        for await _ in endpoint.updates {
            await sync()
        }
    }

    /// Waits for the bots to finish their turns, then shows the position.
    public func settle() async {
        await endpoint.settle()
        await sync()
    }

    /// Reads the balances again (pull to refresh, or back from the store).
    public func refreshBalances() async {
        do {
            purchases = try await client.balances().map(PracticePurchases.loaded) ?? .signedOut
        } catch {
            purchases = .unavailable(ErrorPresentation(error))
        }
    }

    /// Restart: at once when the game is over, else after a yes.
    public func requestRestart() async {
        if isOver {
            await restart()
        } else {
            isConfirmingRestart = true
        }
    }

    public func confirmRestart() async {
        isConfirmingRestart = false
        await restart()
    }

    public func cancelRestart() {
        isConfirmingRestart = false
    }

    public func dismissError() { error = nil }

    public func dismissStoreOffer() { storeOffer = nil }

    /// The player left: the bots stop.
    public func close() async {
        await endpoint.stop()
    }

    // MARK: Steps

    /// A new deal with the same seats and bots, its own free undos and hints and its own result.
    private func restart() async {
        guard !isWorking else { return }
        let seed = random { UInt64.random(in: .min ... .max, using: &$0) }
        do {
            try await endpoint.restart(seed: seed)
        } catch {
            table.table.message = "Can't deal a new game: \(error.message)"
            return
        }
        setup.seed = seed
        matchID = uuid()
        freeUndosLeft = Self.freeUndosPerGame
        freeHintsLeft = Self.freeHintsPerGame
        shownHint = nil
        pendingKeys = [:]
        unanswered = nil
        recordedResult = nil
        recordingError = nil
        storeOffer = nil
        error = nil
        table.table.dismissMessage()
        await sync()
    }

    /// Shows the session as it is now, and counts the result once the game has ended.
    func sync() async {
        await table.refresh()
        undoableMoves = await endpoint.undoableMoves
        await recordIfOver()
    }

    private func recordIfOver() async {
        guard recordedResult == nil, !recording, let outcome = table.table.outcome else { return }
        recording = true
        defer { recording = false }
        let game = FinishedGame(id: matchID, gameType: Quortex.gameType, outcome: outcome, seat: setup.yourSeat, finishedAt: now)
        do {
            _ = try await client.recordGame(game)
            recordedResult = game
            recordingError = nil
        } catch {
            recordingError = "Your result could not be saved: \(error)"
        }
    }
}
