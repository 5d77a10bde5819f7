import Clocks
import Dependencies
import Foundation
import GameCore
import ParlorClient
import PlayerProfiles
import Quortex
import Synchronization

@testable import QuortexFeature

/// The practice model on the test dependency values: an immediate clock for the bots, ids
/// counted up, a fixed date and a seeded generator for new deals.
@MainActor
enum PracticeFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func model(
        seats: Int = 3, yourSeat: Int = 0, bots: PracticeDifficulty = .easy, seed: UInt64 = 11, client: PracticeClient
    ) throws -> PracticeModel {
        try withDependencies {
            $0.practice = client
            $0.continuousClock = ImmediateClock()
            $0.uuid = .incrementing
            $0.date.now = now
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(GameRandom(seed: 5))
        } operation: {
            try PracticeModel(setup: PracticeSetup(seats: seats, yourSeat: yourSeat, everyBot: bots, seed: seed))
        }
    }

    /// A started model whose bots have played up to the player's first turn.
    static func started(
        seats: Int = 3, yourSeat: Int = 0, bots: PracticeDifficulty = .easy, seed: UInt64 = 11, client: PracticeClient
    ) async throws -> PracticeModel {
        let model = try model(seats: seats, yourSeat: yourSeat, bots: bots, seed: seed, client: client)
        await model.start()
        await model.settle()
        return model
    }

    /// Places the drawn tile on the first legal cell and lets the bots answer.
    static func placeAndSettle(_ model: PracticeModel) async {
        model.table.jumpToLegal(forward: true)
        await model.table.place()
        await model.settle()
    }

    /// Plays the player's moves until the game is over (at most `limit` of them).
    static func playToTheEnd(_ model: PracticeModel, limit: Int = 60) async {
        for _ in 0..<limit where !model.isOver {
            await placeAndSettle(model)
        }
    }
}

/// A stand-in for the server's side of practice: balances spent once per key and refused at
/// zero as the server refuses (402 `no_undos_left`), and the profile's counted games. It
/// records every call so a test can say what was asked.
final class PracticeServerDouble: Sendable {
    private struct State {
        var balances: PracticeBalances?
        var spentKeys: [String: Int?] = [:]
        var uses: [(item: PracticeItem, key: String)] = []
        var recorded: [FinishedGame] = []
        /// Answers for the next uses, before the balance is consulted.
        var failures: [ParlorError] = []
    }

    private let state: Mutex<State>

    /// `balances` nil: nobody is signed in.
    init(balances: PracticeBalances?) {
        state = Mutex(State(balances: balances))
    }

    var uses: [(item: PracticeItem, key: String)] { state.withLock { $0.uses } }
    var recorded: [FinishedGame] { state.withLock { $0.recorded } }
    var balances: PracticeBalances? { state.withLock { $0.balances } }

    /// The next use fails with `error` (then the server answers again).
    func failNextUse(with error: ParlorError) {
        state.withLock { $0.failures.append(error) }
    }

    var client: PracticeClient {
        PracticeClient(
            balances: { () async throws(ParlorError) -> PracticeBalances? in self.balances },
            use: { item, key throws(ParlorError) in try self.use(item, key) },
            recordGame: { game in
                self.state.withLock { state in
                    guard !state.recorded.contains(where: { $0.id == game.id }) else { return false }
                    state.recorded.append(game)
                    return true
                }
            })
    }

    private func use(_ item: PracticeItem, _ key: String) throws(ParlorError) -> PracticeUse {
        let answer = state.withLock { state -> Result<PracticeUse, ParlorError> in
            state.uses.append((item, key))
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            guard var balances = state.balances else {
                return .failure(ParlorError(kind: .notAuthenticated, code: "unauthorized", message: "sign in first", status: 401))
            }
            if let earlier = state.spentKeys[key] { return .success(PracticeUse(remaining: earlier, repeated: true)) }
            if balances.unlimited {
                state.spentKeys[key] = .some(nil)
                return .success(PracticeUse(remaining: nil, repeated: false))
            }
            let left = balances.count(of: item)
            guard left > 0 else {
                return .failure(
                    ParlorError(
                        kind: .paymentRequired, code: "no_\(item.plural)_left",
                        message: "you have no \(item.plural) left; buy a pack or subscribe to Pro", status: 402))
            }
            balances.set(item, to: left - 1)
            state.balances = balances
            state.spentKeys[key] = left - 1
            return .success(PracticeUse(remaining: left - 1, repeated: false))
        }
        return try answer.get()
    }
}
