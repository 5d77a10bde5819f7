import AppFoundation
import Clocks
import Dependencies
import Foundation
import GameCore
import ParlorClient
import Synchronization
import Testing

@testable import QuortexFeature

/// The game-over sheet: the outcome in words, the rating change (gained, lost, unknown, not
/// readable), a rematch offered, seen and accepted, and the replay to share.
@MainActor
@Suite struct QuortexGameOverModelTests {
    final class Opened: Sendable {
        let games = Mutex<[UUID]>([])
    }

    func model(
        _ client: QuortexGameClient, winners: [Int] = [0], winType: WinType = "flow", viewer: Int? = 0, ratingBefore: Int?? = .some(1200),
        opened: Opened = Opened()
    ) -> QuortexGameOverModel {
        withDependencies {
            $0.quortexGame = client
            $0.continuousClock = ImmediateClock()
        } operation: {
            QuortexGameOverModel(
                gameID: GameFixtures.gameID, outcome: GameOutcome(winners: winners, winType: winType), verdict: "Game over.", viewerSeat: viewer,
                seatNames: [0: "Hana", 1: "Olga"], ratingBefore: ratingBefore, onRematch: { id in opened.games.withLock { $0.append(id) } })
        }
    }

    static func rating(_ value: Int?) -> QuortexGameClient {
        var client = QuortexGameClient.unimplemented
        client.rating = { () async throws(ParlorError) -> Int? in value }
        return client
    }

    @Test func theOutcomeInWords() {
        #expect(model(.unimplemented).headline == "You won!")
        #expect(model(.unimplemented).reason == "A flow joined its two sides.")
        #expect(model(.unimplemented, winners: [1], winType: .resignation).headline == "You lost")
        #expect(model(.unimplemented, winners: [1], winType: .resignation).reason == "Everyone else resigned or ran out of time.")
        #expect(model(.unimplemented, winners: [1], viewer: nil).headline == "Olga won")
        #expect(model(.unimplemented, winners: [], winType: .draw).headline == "Nobody won")
        #expect(!model(.unimplemented, viewer: nil).canOfferRematch, "a spectator has no rematch to offer")
    }

    @Test func aWinShowsTheRatingGained() async {
        let over = model(Self.rating(1212))
        #expect(over.rating == .loading && over.ratingText == "Rating…")
        await over.loadRating()
        #expect(over.rating == .changed(before: 1200, after: 1212))
        #expect(over.ratingChangeText == "+12" && over.ratingText == "Rating 1212 (+12)")
    }

    @Test func aFirstGameCountsFromTheStartingRating() async {
        let over = model(Self.rating(1184), winners: [1], ratingBefore: .some(nil))
        await over.loadRating()
        #expect(over.ratingChangeText == "\u{2212}16")
    }

    @Test func anUnknownOrUnreadableRatingSaysSo() async {
        let unknown = model(.unimplemented, ratingBefore: nil)
        await unknown.loadRating()
        #expect(unknown.rating == .unavailable("The rating change is not known for this game.") && unknown.ratingChangeText == nil)
        var failing = QuortexGameClient.unimplemented
        failing.rating = { () async throws(ParlorError) -> Int? in throw ParlorError(kind: .serverError, code: "internal", message: "boom", status: 500) }
        let unreadable = model(failing)
        await unreadable.loadRating()
        #expect(unreadable.rating == .unavailable("Boom. Please try again."))
    }

    @Test func offeringARematchOpensTheNewGame() async {
        var client = QuortexGameClient.unimplemented
        client.rematch = { id throws(ParlorError) in
            #expect(id == GameFixtures.gameID)
            var game = GameFixtures.details(status: .waiting)
            game.id = GameFixtures.rematchID
            return game
        }
        let opened = Opened()
        let over = model(client, opened: opened)
        #expect(over.canOfferRematch && !over.canAcceptRematch)
        await over.offerRematch()
        #expect(over.rematch == .joined(GameFixtures.rematchID))
        #expect(opened.games.withLock { $0 } == [GameFixtures.rematchID])
        #expect(!over.canOfferRematch)
    }

    @Test func anOfferIsSeenAndAccepted() async {
        var client = QuortexGameClient.unimplemented
        let reads = Mutex(0)
        client.rematchOffer = { id throws(ParlorError) in
            #expect(id == GameFixtures.gameID)
            // The first read finds no offer yet; the next one does.
            let read = reads.withLock { count in
                count += 1
                return count
            }
            return read > 1 ? GameFixtures.rematchID : nil
        }
        client.rematch = { _ throws(ParlorError) in
            var game = GameFixtures.details()
            game.id = GameFixtures.rematchID
            return game
        }
        let opened = Opened()
        let over = model(client, opened: opened)
        await over.checkForOffer()
        #expect(over.rematch == .none)
        await over.watchForOffer(every: .seconds(2))
        #expect(over.rematch == .offered(GameFixtures.rematchID) && over.canAcceptRematch)
        #expect(over.rematchText == "A rematch is offered.")
        await over.acceptRematch()
        #expect(opened.games.withLock { $0 } == [GameFixtures.rematchID])
    }

    @Test func aRefusedRematchIsShownAndMayBeAskedAgain() async {
        var client = QuortexGameClient.unimplemented
        client.rematch = { _ throws(ParlorError) in
            throw ParlorError(kind: .conflict, code: "game_not_over", message: "the game is not over", status: 409)
        }
        let opened = Opened()
        let over = model(client, opened: opened)
        await over.offerRematch()
        #expect(over.rematchText == "The game is not over. Things changed meanwhile; refresh and try again.")
        #expect(over.canOfferRematch)
        #expect(opened.games.withLock { $0 }.isEmpty)
    }

    @Test func theReplayIsSharedOrItsFailureShown() async throws {
        var client = QuortexGameClient.unimplemented
        let link = try #require(URL(string: "https://quortex.com/game/x"))
        client.replay = { _ throws(ParlorError) in QuortexReplay(link: link, subject: "Quortex: Hana vs Olga", message: "Hana won (flow) in 1 move: d4r2") }
        let over = model(client)
        #expect(over.replay == nil)
        await over.prepareReplay()
        #expect(over.replay?.link == link && over.replayError == nil)
        var failing = QuortexGameClient.unimplemented
        failing.replay = { _ throws(ParlorError) in
            throw ParlorError(kind: .conflict, code: "game_not_over", message: "the game is not over", status: 409)
        }
        let early = model(failing)
        await early.prepareReplay()
        #expect(early.replay == nil && early.replayError?.title == "Things changed meanwhile")
    }
}
