import AppFoundation
import Clocks
import Dependencies
import Foundation
import ParlorClient
import QuortexFeature
import Synchronization
import Testing

/// Home with the test dependency values: the games to continue, quick match, the private game
/// form, joining by code, invitations and the routes each sets.
@MainActor
@Suite struct QuortexHomeModelTests {
    func home(
        games: OnlineGamesClient = .unimplemented, play: OnlinePlayClient = .failing("not set in this test"),
        clock: any Clock<Duration> = ImmediateClock()
    ) -> QuortexHomeModel {
        withDependencies {
            $0.onlineGames = games
            $0.onlinePlay = play
            $0.continuousClock = clock
            $0.date.now = HomeFixtures.now
        } operation: { QuortexHomeModel() }
    }

    func listing(active: [OnlineGameSummary], waiting: [OnlineGameSummary] = [], invitations: [OnlineInvitation] = []) -> OnlineGamesClient {
        var games = OnlineGamesClient.unimplemented
        games.list = { status, cursor in
            #expect(cursor == nil)
            return OnlineGamePage(games: status == .active ? active : status == .waiting ? waiting : [])
        }
        games.invitations = { invitations }
        return games
    }

    // MARK: Loading

    @Test func gamesToContinueAreQuortexOnesWithYourTurnFirst() async throws {
        let model = home(
            games: listing(
                active: [
                    HomeFixtures.active(HomeFixtures.gameA, mine: false, minutesAgo: 1),
                    HomeFixtures.active(HomeFixtures.gameB, mine: true, minutesAgo: 50),
                    HomeFixtures.active(HomeFixtures.gameD, mine: true, minutesAgo: 5, type: "crazy-eights"),
                ],
                waiting: [HomeFixtures.waiting(HomeFixtures.gameC)],
                invitations: [
                    HomeFixtures.invitation("inv-1", game: HomeFixtures.gameD),
                    HomeFixtures.invitation("inv-2", game: HomeFixtures.gameD, type: "crazy-eights"),
                ]))
        #expect(!model.hasLoaded)
        await model.load()
        #expect(model.loadError == nil)
        #expect(model.continueGames.map(\.id) == [HomeFixtures.gameB, HomeFixtures.gameC, HomeFixtures.gameA])
        let mine = try #require(model.continueGames.first)
        #expect(mine.isYourTurn)
        #expect(mine.title == "vs Olga")
        #expect(mine.detail == "Your turn · 2 h left")
        #expect(model.continueGames[1].detail == "Waiting for 2 more players · code K7Q2PX")
        #expect(model.continueGames[2].detail == "Olga's turn · 2 h left")
        #expect(model.invitations.map(\.id) == ["inv-1"])
        #expect(!model.isEmpty)
        #expect(!model.isLoading)
    }

    @Test func nothingToContinueIsEmpty() async {
        let model = home(games: listing(active: []))
        #expect(!model.isEmpty, "not empty before it has loaded")
        await model.load()
        #expect(model.isEmpty)
    }

    @Test func aFailedLoadSaysWhyAndKeepsWhatWasShown() async {
        let failing = Mutex(false)
        var games = listing(active: [HomeFixtures.active(HomeFixtures.gameA, mine: true, minutesAgo: 1)])
        let working = games.list
        games.list = { status, cursor throws(ParlorError) in
            if failing.withLock({ $0 }) { throw ParlorError(kind: .serverError, code: "internal", message: "the database is away", status: 503) }
            return try await working(status, cursor)
        }
        let model = home(games: games)
        await model.load()
        failing.withLock { $0 = true }
        await model.load()
        #expect(model.loadError?.title == "Server error (503)")
        #expect(model.loadError?.message.hasPrefix("The database is away.") == true)
        #expect(model.continueGames.map(\.id) == [HomeFixtures.gameA])
    }

    // MARK: Quick match

    @Test func quickMatchSearchesWithThePlayerCountAndOpensTheGameFound() async {
        let calls = HomeCalls()
        let asks = Mutex(0)
        var play = OnlinePlayClient.failing("not expected")
        play.enterQuickMatch = { request in calls.append("enter \(request.gameType) \(request.players) \(request.mode.rawValue)") }
        play.quickMatch = { asks.withLock { $0 += 1; return $0 >= 2 ? HomeFixtures.gameA : nil } }
        play.game = { id in HomeFixtures.active(id, mine: true, minutesAgo: 0) }
        let model = home(play: play)
        model.quickMatchPlayers = 4
        await model.startQuickMatch()
        #expect(calls.all == ["enter quortex 4 realtime"])
        #expect(asks.withLock { $0 } == 2)
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameA)!))
        #expect(model.error == nil)
    }

    @Test func theWaitIsShownAndCancellingLeavesTheQueue() async {
        let clock = TestClock()
        let calls = HomeCalls()
        var play = OnlinePlayClient.failing("not expected")
        play.enterQuickMatch = { _ in calls.append("enter") }
        play.quickMatch = {
            calls.append("ask")
            return nil
        }
        play.cancelQuickMatch = { calls.append("cancel") }
        let model = home(play: play, clock: clock)
        model.quickMatchPlayers = 3
        let search = Task { await model.startQuickMatch() }
        #expect(await eventuallyTrue { model.isSearching })
        // The wait asks the server each half second.
        for _ in 0..<50 where !calls.all.contains("ask") {
            await clock.advance(by: .milliseconds(500))
            await Task.yield()
        }
        #expect(calls.all.contains("ask"))
        #expect(model.quickMatchWaitText == "Looking for 2 other players (quick match)…")
        #expect(!model.canStartQuickMatch)
        await model.cancelQuickMatch()
        await clock.advance(by: .seconds(5))
        await search.value
        #expect(!model.isSearching)
        #expect(model.quickMatchWaitText == nil)
        #expect(model.route == nil)
        #expect(model.error == nil)
        #expect(calls.all.filter { $0 == "cancel" }.count == 1)
        #expect(calls.all.last == "cancel", "no ask after the cancel: \(calls.all)")
    }

    @Test func aRefusedQuickMatchIsShownWithTheServersMessage() async {
        var play = OnlinePlayClient.failing("not expected")
        play.enterQuickMatch = { _ in
            throw ParlorError(
                kind: .invalidInput, code: "invalid_fields", message: "invalid", status: 400,
                fields: [.init(field: "players", message: "Quortex is for 2 to 6 players")])
        }
        let model = home(play: play)
        await model.startQuickMatch()
        #expect(model.error?.title == "Check what you entered")
        #expect(model.error?.message.hasPrefix("Players: Quortex is for 2 to 6 players.") == true)
        #expect(model.route == nil)
    }

    @Test func quickMatchTakesTwoToSixPlayers() {
        let model = home()
        model.quickMatchPlayers = 7
        #expect(!model.canStartQuickMatch)
        model.quickMatchPlayers = 1
        #expect(!model.canStartQuickMatch)
        model.quickMatchPlayers = 6
        #expect(model.canStartQuickMatch)
    }
}
