import AppFoundation
import CPUBoundTrait
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import PlayerProfiles
import Quortex
import ServerTestSupport
import Testing

@testable import QuortexFeature

/// Practice on its live client against the real server: an undo pack bought (through the fake
/// App Store the server is pinned to) and spent by the fourth undo, the server's refusal of an
/// empty balance, and a player signed out. The game itself is offline; only the paid undos
/// reach the server.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects, .cpuBound)
struct PracticeLiveTests {
    func model(_ client: ParlorClient, profiles: ProfileStore? = nil) throws -> PracticeModel {
        try withDependencies {
            $0.practice = .live(client, profiles: profiles)
            $0.continuousClock = ImmediateClock()
        } operation: {
            try PracticeModel(setup: PracticeSetup(seats: 2, everyBot: .easy, seed: 3))
        }
    }

    @Test func theFourthUndoSpendsOneFromTheBoughtPackOnceAndTheResultIsCounted() async throws {
        let store = try FakeAppStore()
        try await withLiveParlorServer(games: GameRegistry([Quortex.self]), appStore: store) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            _ = try await client.signIn(.guest(deviceID: UUID().uuidString))
            let pack = try store.sign(FakeAppStore.transaction(product: "com.quortex.undo.pack5", type: "Consumable"))
            let verified = try await client.api.verifyPurchase(body: .json(.init(signedTransaction: pack))).ok.body.json
            #expect(verified.granted)

            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("practice-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let profiles = ProfileStore(directory: directory, defaultUsername: "Hana")
            let practice = try model(client, profiles: profiles)
            await practice.start()
            await practice.settle()
            #expect(practice.purchases == .loaded(PracticeBalances(undos: 5, hints: 0, unlimited: false)))
            #expect(practice.undoAllowance.text == "3 free + 5")

            for _ in 0..<4 {
                let before = try #require(practice.table.view)
                await PracticeFixtures.placeAndSettle(practice)
                await practice.undo()
                #expect(practice.table.view == before && practice.error == nil && practice.storeOffer == nil)
            }
            #expect(practice.purchases.balances?.undos == 4 && practice.undoAllowance.text == "4")
            let owned = try await client.api.getEntitlements(query: .init(bundleId: "com.quortex.app")).ok.body.json
            #expect(owned.undos == 4, "one undo spent on the server, the three free ones not")

            // The same key again (a retry) spends nothing.
            let retried = try await PracticeClient.live(client, profiles: nil).use(.undo, "practice-retry")
            let again = try await PracticeClient.live(client, profiles: nil).use(.undo, "practice-retry")
            #expect(retried == PracticeUse(remaining: 3, repeated: false) && again == PracticeUse(remaining: 3, repeated: true))

            await PracticeFixtures.playToTheEnd(practice)
            let outcome = try #require(practice.table.table.outcome)
            let profile = try await profiles.load()
            #expect(profile.globalStats.totalGamesPlayed == 1)
            #expect(profile.globalStats.totalWins == (outcome.winners.contains(0) ? 1 : 0))
        }
    }

    @Test func anEmptyBalanceIsRefusedByTheServerWithItsOffer() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            _ = try await client.signIn(.guest(deviceID: UUID().uuidString))
            let practice = try model(client)
            await practice.start()
            await practice.settle()
            #expect(practice.purchases == .loaded(PracticeBalances(undos: 0, hints: 0, unlimited: false)))
            practice.freeUndosLeft = 0
            let moved = try #require(practice.table.view)
            await PracticeFixtures.placeAndSettle(practice)
            let position = practice.table.view
            #expect(position != moved)

            await practice.undo()
            #expect(practice.table.view == position && practice.undoableMoves == 1)
            let offer = try #require(practice.storeOffer)
            #expect(offer.title == "No undos left" && !offer.needsSignIn)
            #expect(offer.message == "You have no undos left; buy a pack or subscribe to Pro. Buy a pack or subscribe to continue.")

            practice.freeHintsLeft = 0
            await practice.showHint()
            #expect(practice.storeOffer?.title == "No hints left" && practice.hint == nil)
        }
    }

    @Test func signedOutThePlayerIsOfferedSignInAndNothingIsAsked() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let practice = try model(ParlorClient(serverURL: url, store: MemoryCredentialStore()))
            await practice.start()
            await practice.settle()
            #expect(practice.purchases == .signedOut)
            practice.freeHintsLeft = 0
            await practice.showHint()
            #expect(practice.storeOffer?.needsSignIn == true && practice.hint == nil)
        }
    }
}
