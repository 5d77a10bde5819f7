import AppFoundation
import Clocks
import Dependencies
import Foundation
import ParlorClient
import QuortexFeature
import Synchronization
import Testing

/// Home: a private game, joining by code or link, invitations and the routes to practice.
extension QuortexHomeModelTests {
    // MARK: Private game

    @Test func thePrivateGameFormValidatesAndResetsTheTurnTimeWithTheMode() {
        var form = PrivateGameForm()
        #expect(form.isValid)
        #expect(form.turnSeconds == 259_200)
        form.players = 7
        #expect(form.problems == ["Players must be 2 to 6."])
        form.players = 6
        form.turnSeconds = 2
        #expect(form.problems == ["The turn time must be between 5 seconds and 14 days."])
        form.mode = .realTime
        #expect(form.turnSeconds == 60)
        #expect(form.isValid)
        #expect(form.turnChoices.contains(form.turnSeconds))
        #expect(form.request == OnlineGameRequest(gameType: "quortex", players: 6, mode: .realTime, turnSeconds: 60))
        #expect(PrivateGameForm.label(turnSeconds: 43_200) == "12 h")
        #expect(PrivateGameForm.label(turnSeconds: 86_400) == "1 day")
        #expect(PrivateGameForm.label(turnSeconds: 120) == "2 min")
    }

    @Test func aPrivateGameShowsItsCodeAndAShareLinkTheAppOpens() async throws {
        let asked = Mutex<OnlineGameRequest?>(nil)
        var play = OnlinePlayClient.failing("not expected")
        play.createGame = { request in
            asked.withLock { $0 = request }
            return HomeFixtures.waiting(HomeFixtures.gameC, code: "K7Q2PX")
        }
        let model = home(play: play)
        model.showPrivateGameForm()
        #expect(model.isShowingPrivateGameForm)
        model.privateGameForm.players = 3
        model.privateGameForm.turnSeconds = 86_400
        await model.createPrivateGame()
        #expect(asked.withLock { $0 } == OnlineGameRequest(gameType: "quortex", players: 3, mode: .turnBased, turnSeconds: 86_400))
        #expect(model.createdInviteCode == "K7Q2PX")
        let link = try #require(model.shareLink)
        #expect(link.absoluteString == "https://quortex.com/i/K7Q2PX")
        #expect(DeepLinkRouter(product: .quortex).route(link) == .success(.quortexInvite(code: "K7Q2PX")))
        #expect(model.shareMessage == "Join my Quortex game with the code K7Q2PX.")
        #expect(model.continueGames.map(\.id) == [HomeFixtures.gameC])
        #expect(!model.canCreatePrivateGame, "made once")
        model.openCreatedGame()
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameC)!))
        #expect(!model.isShowingPrivateGameForm)
    }

    @Test func anInvalidFormSendsNothingAndARefusalIsShown() async {
        var play = OnlinePlayClient.failing("not expected")
        play.createGame = { _ in throw ParlorError(kind: .notAuthenticated, code: "unauthorized", message: "sign in first", status: 401) }
        let model = home(play: play)
        model.showPrivateGameForm()
        model.privateGameForm.players = 9
        #expect(!model.canCreatePrivateGame)
        await model.createPrivateGame()
        #expect(model.createdGame == nil)
        #expect(model.error == nil)
        model.privateGameForm.players = 2
        await model.createPrivateGame()
        #expect(model.error?.title == "Please sign in again")
        #expect(model.createdGame == nil)
        #expect(model.shareLink == nil)
    }

    // MARK: Join by code

    @Test func aCodeIsCheckedAsTheServerWouldBeforeJoining() {
        let model = home()
        #expect(model.joinCodeProblem == nil)
        #expect(!model.canJoin)
        model.joinCode = "K7Q2"
        #expect(model.joinCodeProblem == "An invite code has 6 characters.")
        model.joinCode = "K7Q2PO"
        #expect(model.joinCodeProblem == "Invite codes use 2–9 and the letters A–Z except I, L and O.")
        #expect(!model.canJoin)
        model.joinCode = "k7q-2px"
        #expect(model.joinCodeProblem == nil)
        #expect(model.canJoin)
        #expect(InviteCode("k7q-2px")?.value == "K7Q2PX")
        #expect(InviteCode(" K7 Q2 P1 ") == nil)
        #expect(InviteCode("k7q 2p9")?.value == "K7Q2P9")
    }

    @Test func joiningByCodeOpensTheGame() async {
        let sent = Mutex<String?>(nil)
        var play = OnlinePlayClient.failing("not expected")
        play.joinByCode = { code in
            sent.withLock { $0 = code }
            return HomeFixtures.active(HomeFixtures.gameB, mine: false, minutesAgo: 0)
        }
        let model = home(play: play)
        model.joinCode = "k7q-2px"
        await model.join()
        #expect(sent.withLock { $0 } == "K7Q2PX")
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameB)!))
        #expect(model.joinCode.isEmpty)
    }

    @Test func aCodeTheServerDoesNotKnowIsSaidAndKept() async {
        var play = OnlinePlayClient.failing("not expected")
        play.joinByCode = { _ in throw ParlorError(kind: .notFound, code: "not_found", message: "no game has this invite code", status: 404) }
        let model = home(play: play)
        model.joinCode = "K7Q2PX"
        await model.join()
        #expect(model.route == nil)
        #expect(model.error?.title == "Not found")
        #expect(model.error?.message.hasPrefix("No game has this invite code.") == true)
        #expect(model.joinCode == "K7Q2PX")
        model.dismissError()
        #expect(model.error == nil)
    }

    @Test func anInviteLinkJoinsAndAGameLinkOpens() async {
        var play = OnlinePlayClient.failing("not expected")
        play.joinByCode = { _ in HomeFixtures.active(HomeFixtures.gameB, mine: false, minutesAgo: 0) }
        let model = home(play: play)
        await model.handle(.quortexInvite(code: "K7Q2PX"))
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameB)!))
        let other = UUID()
        await model.handle(.quortexGame(other))
        #expect(model.route == .game(other))
    }

    // MARK: Invitations, practice

    @Test func acceptingAnInvitationOpensItsGameAndDecliningDropsIt() async {
        let calls = HomeCalls()
        var games = listing(
            active: [],
            invitations: [HomeFixtures.invitation("inv-1", game: HomeFixtures.gameC), HomeFixtures.invitation("inv-2", game: HomeFixtures.gameD)])
        games.accept = { id in
            calls.append("accept \(id)")
            return HomeFixtures.active(HomeFixtures.gameC, mine: true, minutesAgo: 0)
        }
        games.decline = { id in calls.append("decline \(id)") }
        let model = home(games: games)
        await model.load()
        await model.accept(model.invitations[0])
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameC)!))
        #expect(model.invitations.map(\.id) == ["inv-2"])
        await model.decline(model.invitations[0])
        #expect(model.invitations.isEmpty)
        #expect(calls.all == ["accept inv-1", "decline inv-2"])
        #expect(model.answering.isEmpty)
    }

    @Test func anInvitationGoneMeanwhileIsSaidAndDropped() async {
        var games = listing(active: [], invitations: [HomeFixtures.invitation("inv-1", game: HomeFixtures.gameC)])
        games.accept = { _ throws(ParlorError) in throw ParlorError(kind: .conflict, code: "game_started", message: "the game has started", status: 409) }
        let model = home(games: games)
        await model.load()
        await model.accept(model.invitations[0])
        #expect(model.route == nil)
        #expect(model.error?.title == "Things changed meanwhile")
        #expect(model.invitations.isEmpty)
    }

    @Test func aNotificationsActionAnswersTheInvitation() async {
        let calls = HomeCalls()
        var games = OnlineGamesClient.unimplemented
        games.accept = { id in
            calls.append("accept \(id)")
            return HomeFixtures.waiting(HomeFixtures.gameC)
        }
        games.decline = { id in calls.append("decline \(id)") }
        let model = home(games: games)
        let game = UUID(uuidString: HomeFixtures.gameC)!
        await model.follow(.declineInvitation(id: "inv-9"))
        #expect(model.route == nil)
        await model.follow(.acceptInvitation(id: "inv-1", game: game))
        #expect(model.route == .game(game))
        #expect(calls.all == ["decline inv-9", "accept inv-1"])
        await model.follow(.turnBasedGames)
        #expect(model.route == .turnBasedGames)
    }

    @Test func practiceAndTheGamesListAreRoutes() async {
        let model = home(games: listing(active: [HomeFixtures.active(HomeFixtures.gameA, mine: true, minutesAgo: 1)]))
        model.openPractice()
        #expect(model.route == .practice)
        model.showAllGames()
        #expect(model.route == .turnBasedGames)
        await model.load()
        model.open(model.continueGames[0])
        #expect(model.route == .game(UUID(uuidString: HomeFixtures.gameA)!))
    }
}

/// Polls `condition` on the main actor until it holds (a task the test started runs meanwhile).
@MainActor
func eventuallyTrue(_ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
