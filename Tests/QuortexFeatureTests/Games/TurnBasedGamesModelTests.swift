import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import QuortexFeature
import Synchronization
import Testing

/// The turn-based games list with the test dependency values: its three sections, paging,
/// refreshing and the failures.
@MainActor
@Suite struct TurnBasedGamesModelTests {
    func model(_ games: OnlineGamesClient) -> TurnBasedGamesModel {
        withDependencies {
            $0.onlineGames = games
            $0.date.now = HomeFixtures.now
        } operation: { TurnBasedGamesModel() }
    }

    /// Two pages: the cursor "p2" names the second.
    func paged(_ first: [OnlineGameSummary], _ second: [OnlineGameSummary], cursors: HomeCalls) -> OnlineGamesClient {
        var games = OnlineGamesClient.unimplemented
        games.list = { status, cursor in
            #expect(status == nil)
            cursors.append(cursor ?? "first")
            return cursor == "p2" ? OnlineGamePage(games: second) : OnlineGamePage(games: first, next: "p2")
        }
        return games
    }

    @Test func yourTurnThenTheirTurnThenFinishedEachOpeningItsGame() async throws {
        var realTime = HomeFixtures.active("6f1c2d3e-0000-4000-8000-0000000000ee", mine: true, minutesAgo: 0)
        realTime.mode = .realTime
        let model = model(
            paged(
                [
                    HomeFixtures.active(HomeFixtures.gameA, mine: false, minutesAgo: 3), HomeFixtures.finished(HomeFixtures.gameB, won: true, hoursAgo: 30),
                    HomeFixtures.active(HomeFixtures.gameC, mine: true, minutesAgo: 9), realTime,
                ], [], cursors: HomeCalls()))
        await model.load()
        #expect(model.yourTurn.map(\.id) == [HomeFixtures.gameC])
        #expect(model.theirTurn.map(\.id) == [HomeFixtures.gameA])
        #expect(model.finished.map(\.id) == [HomeFixtures.gameB])
        #expect(model.finished[0].detail == "You won")
        #expect(model.theirTurn[0].detail == "Olga's turn · 2 h left")
        model.open(model.yourTurn[0])
        #expect(model.route == .game(try #require(UUID(uuidString: HomeFixtures.gameC))))
        #expect(!model.isEmpty)
        #expect(model.error == nil)
    }

    @Test func aCancelledGameIsFinishedAndSaysItNeverStarted() async {
        var cancelled = HomeFixtures.finished(HomeFixtures.gameD, won: false, hoursAgo: 1)
        cancelled.outcome = nil
        cancelled.abandoned = true
        let model = model(paged([cancelled, HomeFixtures.finished(HomeFixtures.gameB, won: true, hoursAgo: 30)], [], cursors: HomeCalls()))
        await model.load()
        #expect(model.finished.map(\.detail) == ["Cancelled · never started", "You won"])
    }

    @Test func theNextPageIsReadAfterTheLastRowAndSortedIn() async {
        let cursors = HomeCalls()
        let model = model(
            paged(
                [HomeFixtures.active(HomeFixtures.gameA, mine: false, minutesAgo: 3)],
                [HomeFixtures.active(HomeFixtures.gameB, mine: true, minutesAgo: 90), HomeFixtures.finished(HomeFixtures.gameD, won: false, hoursAgo: 2)],
                cursors: cursors))
        #expect(!model.canLoadMore)
        await model.load()
        #expect(model.canLoadMore)
        // The last row shown asks for the next page.
        await model.rowAppeared(model.theirTurn[0])
        #expect(model.yourTurn.map(\.id) == [HomeFixtures.gameB])
        #expect(model.finished.map(\.id) == [HomeFixtures.gameD])
        #expect(model.finished[0].detail == "Olga won")
        #expect(!model.canLoadMore)
        await model.loadMore()
        #expect(cursors.all == ["first", "p2"])
    }

    @Test func refreshingReplacesWhatWasRead() async {
        let round = Mutex(0)
        var games = OnlineGamesClient.unimplemented
        games.list = { _, _ in
            let count = round.withLock { $0 += 1; return $0 }
            return OnlineGamePage(games: [HomeFixtures.active(count == 1 ? HomeFixtures.gameA : HomeFixtures.gameB, mine: true, minutesAgo: 1)])
        }
        let model = model(games)
        await model.load()
        await model.load()
        #expect(model.yourTurn.map(\.id) == [HomeFixtures.gameB])
    }

    @Test func noGamesIsEmptyWithItsText() async {
        var games = OnlineGamesClient.unimplemented
        games.list = { _, _ in OnlineGamePage(games: []) }
        let model = model(games)
        await model.load()
        #expect(model.isEmpty)
        #expect(model.emptyText.hasPrefix("No turn-based games yet."))
    }

    @Test func aFailureIsSaidWithTheTypedErrorsWords() async {
        var games = OnlineGamesClient.unimplemented
        games.list = { _, _ throws(ParlorError) in throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "offline") }
        let model = model(games)
        await model.load()
        #expect(model.error?.title == "No internet connection")
        #expect(model.error?.recovery == .retry)
        #expect(!model.hasLoaded)
        #expect(!model.isEmpty)
        #expect(!model.isLoading)
    }
}
