import AppFoundation
import CPUBoundTrait
import Clocks
import Dependencies
import Foundation
import GameCore
import GameSession
import ParlorClient
import PlayerProfiles
import Quortex
import Synchronization
import Testing

@testable import QuortexFeature

/// The practice model's states (loading, content, balances unreadable, game over) and its
/// intents: undo as a real take-back, hints, restart, leave and the result counted once.
@MainActor
// The bots (the hard one looks ahead) and the hints compute between awaits: a thread of their own.
@Suite(.cpuBound) struct PracticeModelTests {
    static let someBalances = PracticeBalances(undos: 2, hints: 0, unlimited: false)

    @Test func loadingShowsNothingThenTheTableTheBotsAndTheAllowances() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try PracticeFixtures.model(client: server.client)
        #expect(model.isLoading && model.table.board == nil)
        #expect(model.purchases == .loading)
        #expect(model.undoAllowance.text == "3 free" && !model.canUndo)

        await model.start()
        await model.settle()
        #expect(!model.isLoading && model.table.board != nil)
        #expect(model.table.isMyTurn, "the bots that move first have moved")
        #expect(model.table.name(ofSeat: 1) == "bot (easy)" && model.table.name(ofSeat: 0) == "you")
        #expect(model.purchases == .loaded(Self.someBalances))
        #expect(model.undoAllowance == PracticeAllowance(free: 3, paid: 2, unlimited: false))
        #expect(model.undoAllowance.text == "3 free + 2")
        #expect(model.hintAllowance.text == "3 free")
        #expect(model.canHint && !model.canUndo && model.verdict == nil)
    }

    @Test func balancesThatCannotBeReadLeaveTheFreeOnesWorking() async throws {
        let failing = PracticeClient(
            balances: { () async throws(ParlorError) -> PracticeBalances? in
                throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached")
            },
            use: { _, _ throws(ParlorError) in throw Unimplemented.call("use") }, recordGame: { _ in false })
        let model = try await PracticeFixtures.started(client: failing)
        guard case .unavailable(let why) = model.purchases else {
            Issue.record("expected unavailable balances, got \(model.purchases)")
            return
        }
        #expect(why.title == "No internet connection" && why.recovery == .retry)
        #expect(model.undoAllowance.text == "3 free")
        let before = try #require(model.table.view)
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.table.view == before && model.freeUndosLeft == 2 && model.error == nil)
    }

    @Test func undoReturnsToTheExactPositionBeforeTheMoveWithTheBotsRepliesUndone() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 3, client: server.client)
        let before = try #require(model.table.view)
        let stateBefore = await model.endpoint.state

        await PracticeFixtures.placeAndSettle(model)
        let after = try #require(model.table.view)
        #expect(after.placements == before.placements + 3, "my tile and both bots' replies")
        #expect(model.undoableMoves == 1 && model.canUndo)

        await model.undo()
        #expect(model.table.view == before)
        #expect(await model.endpoint.state == stateBefore, "the bag and the generator too")
        #expect(model.table.isMyTurn && model.undoableMoves == 0)
        #expect(model.freeUndosLeft == 2 && server.uses.isEmpty)
    }

    @Test func theSameTilesAndRepliesFollowAnUndoneMove() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 4, bots: .medium, client: server.client)
        model.table.jumpToLegal(forward: true)
        let placement = Placement(cell: model.table.cursor.cell, rotation: model.table.cursor.rotation)
        await model.table.place()
        await model.settle()
        let played = await model.endpoint.state

        await model.undo()
        #expect(await model.endpoint.state != played)
        #expect(await model.table.table.perform(.place(placement)))
        await model.settle()
        #expect(await model.endpoint.state == played, "the same tile drawn next and the same replies")
    }

    @Test func undoWithNoMoveMadeSaysSoAndSpendsNothing() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        let before = model.table.view
        await model.undo()
        #expect(model.table.table.message == "Nothing to undo yet: place a tile first.")
        #expect(model.freeUndosLeft == 3 && server.uses.isEmpty && model.table.view == before)
    }

    @Test func threeFreeUndosThenEachSpendsOneFromTheBalanceUnderItsOwnKey() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        for expected in [2, 1, 0] {
            await PracticeFixtures.placeAndSettle(model)
            await model.undo()
            #expect(model.freeUndosLeft == expected)
        }
        #expect(server.uses.isEmpty)
        #expect(model.undoAllowance.text == "2")

        let before = try #require(model.table.view)
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.table.view == before)
        #expect(server.uses.map(\.item) == [.undo])
        #expect(model.purchases.balances?.undos == 1 && model.undoAllowance.text == "1")

        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        let keys = server.uses.map(\.key)
        #expect(keys.count == 2 && Set(keys).count == 2, "a new key for each undo")
        #expect(model.purchases.balances?.undos == 0 && model.storeOffer == nil)
    }

    @Test func anEmptyBalanceIsRefusedWithTheServersWordsAndTheStoresOffer() async throws {
        let server = PracticeServerDouble(balances: PracticeBalances(undos: 0, hints: 0, unlimited: false))
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        await PracticeFixtures.placeAndSettle(model)
        let position = model.table.view

        await model.undo()
        #expect(model.table.view == position, "nothing undone")
        #expect(model.undoableMoves == 1)
        let offer = try #require(model.storeOffer)
        #expect(offer.title == "No undos left" && !offer.needsSignIn)
        #expect(offer.message == "You have no undos left; buy a pack or subscribe to Pro. Buy a pack or subscribe to continue.")
        #expect(offer.productIDs == ["com.quortex.undo.pack5", "com.quortex.pro.monthly", "com.quortex.pro.yearly"])
        model.dismissStoreOffer()
        #expect(model.storeOffer == nil)
    }

    @Test func signedOutTheFreeUndosWorkThenSigningInIsOffered() async throws {
        let server = PracticeServerDouble(balances: nil)
        let model = try await PracticeFixtures.started(client: server.client)
        #expect(model.purchases == .signedOut && model.undoAllowance.text == "3 free")
        model.freeUndosLeft = 0
        #expect(model.undoAllowance.text == "0 free")
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        let offer = try #require(model.storeOffer)
        #expect(offer.needsSignIn && offer.title == "Sign in for more undos")
        #expect(offer.message.hasPrefix("This game's 3 free undos are used. Sign in"))
        #expect(server.uses.isEmpty && model.undoableMoves == 1)
    }

    @Test func aSessionTheServerEndedTurnsIntoTheSignInOffer() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        server.failNextUse(with: ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session has ended", status: 401))
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.purchases == .signedOut && model.storeOffer?.needsSignIn == true && model.undoableMoves == 1)
    }

    @Test func proUndoesAndHintsWithoutCountingOrAskingTheServer() async throws {
        let server = PracticeServerDouble(balances: PracticeBalances(undos: 0, hints: 0, unlimited: true))
        let model = try await PracticeFixtures.started(client: server.client)
        #expect(model.undoAllowance.text == "Unlimited" && model.hintAllowance.text == "Unlimited")
        model.freeUndosLeft = 0
        model.freeHintsLeft = 0
        let before = model.table.view
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        await model.showHint()
        #expect(model.table.view == before && model.hint != nil && server.uses.isEmpty)
    }

    @Test func aFailedPaidUndoShowsTheErrorAndItsRetryUsesTheSameKey() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        server.failNextUse(with: ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached"))
        let before = model.table.view
        await PracticeFixtures.placeAndSettle(model)

        await model.undo()
        #expect(model.error?.title == "No internet connection" && model.error?.recovery == .retry)
        #expect(model.undoableMoves == 1 && !model.isWorking)
        await model.retry()
        #expect(model.error == nil && model.table.view == before)
        let keys = server.uses.map(\.key)
        #expect(keys.count == 2 && keys[0] == keys[1], "the retry spends nothing twice")
        #expect(server.balances?.undos == 1 && model.purchases.balances?.undos == 1)
    }
}
