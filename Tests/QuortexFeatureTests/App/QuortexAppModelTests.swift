import AppFoundation
import ConcurrencyExtras
import Dependencies
import Foundation
import ParlorClient
import QuortexFeature
import Testing

/// The app's root: screens per signed-in player, and every way into a screen from outside -
/// links, notifications and their actions, screens asking for one another - including those that
/// come before the sign-in.
@MainActor
@Suite struct QuortexAppModelTests {
    nonisolated static let olga = SignedInUser(id: "u-olga", username: "olga", displayName: "Olga", isGuest: false)
    nonisolated static let ivan = SignedInUser(id: "u-ivan", username: "ivan", displayName: "Ivan", isGuest: false)
    nonisolated static let game = UUID(uuidString: "5A1C1D3E-0000-4000-8000-000000000001") ?? UUID()

    /// The app with a session that signs in as whoever `user` holds, and games whose invitation
    /// answers are recorded.
    func app(user: LockIsolated<SignedInUser> = LockIsolated(olga), answers: LockIsolated<[String]> = LockIsolated([])) -> QuortexAppModel {
        withDependencies {
            $0.sessionClient = SessionClient(
                restore: { () async throws(ParlorError) -> SignedInUser? in nil },
                signIn: { _ throws(ParlorError) in user.value },
                link: { _ throws(ParlorError) in throw Unimplemented.call("link") },
                signOut: { _ throws(ParlorError) in },
                endings: { AsyncStream { $0.finish() } })
            $0.deviceIdentity = .memory()
            $0.uuid = .incrementing
            var games = OnlineGamesClient.unimplemented
            games.accept = { id throws(ParlorError) in
                answers.withValue { $0.append("accept \(id)") }
                return OnlineGameSummary(id: Self.game.uuidString, status: .active, players: 2, joined: 2)
            }
            games.decline = { id throws(ParlorError) in answers.withValue { $0.append("decline \(id)") } }
            $0.onlineGames = games
        } operation: {
            QuortexAppModel(session: SessionModel(brand: .quortex, webSignIn: WebSignInSettings()), push: PushRegistrationModel(brand: .quortex, sandbox: true))
        }
    }

    func signIn(_ app: QuortexAppModel) async {
        await app.session.restore()
        await app.session.signInAsGuest()
        await app.sessionChanged()
    }

    @Test func screensExistOnlyForTheSignedInPlayerAndAreNewForTheNextOne() async throws {
        let user = LockIsolated(Self.olga)
        let app = app(user: user)
        await app.session.restore()
        await app.sessionChanged()
        #expect(app.screens == nil)

        await signIn(app)
        let olgas = try #require(app.screens)
        #expect(olgas.user == Self.olga)
        await app.sessionChanged()
        #expect(app.screens === olgas, "the same player keeps the same screens")

        await app.go(.practice)
        await app.session.signOut()
        await app.sessionChanged()
        #expect(app.screens == nil)
        #expect(app.path.isEmpty)

        user.setValue(Self.ivan)
        await signIn(app)
        let ivans = try #require(app.screens)
        #expect(ivans !== olgas)
        #expect(ivans.user == Self.ivan)
    }

    @Test func aGameLinkOpensTheGameEvenWhenItCameBeforeTheSignIn() async throws {
        let app = app()
        await app.session.restore()
        await app.open(try #require(URL(string: "https://quortex.com/game/\(Self.game.uuidString)")))
        #expect(app.path.isEmpty, "nobody is signed in yet")
        #expect(app.notice == nil)

        await signIn(app)
        #expect(app.path == [.game(Self.game)])
        #expect(app.tab == .home)
        let screens = try #require(app.screens)
        #expect(screens.game(Self.game) === screens.game(Self.game), "the open game keeps its model")
    }

    @Test func aLinkThatIsNotQuortexsIsRefusedWithTheReason() async throws {
        let app = app()
        await signIn(app)
        await app.open(try #require(URL(string: "https://quortex.com/shop")))
        #expect(app.notice == "no page '/shop' in Quortex")
        #expect(app.path.isEmpty)
        await app.open(try #require(URL(string: "topdog://lobby")))
        #expect(app.notice == "not a Quortex link")
        app.dismissNotice()
        #expect(app.notice == nil)
    }

    @Test func aTurnNotificationOpensItsGameOverWhateverWasShown() async {
        let app = app()
        await signIn(app)
        await app.go(.practice)
        #expect(app.path == [.practice])
        await app.openNotification(userInfo: ["gameId": Self.game.uuidString, "aps": ["category": "GAME_TURN"]])
        #expect(app.path == [.game(Self.game)])
        // A payload without a game goes nowhere.
        await app.openNotification(userInfo: ["aps": [:] as [String: String]])
        #expect(app.path == [.game(Self.game)])
    }

    @Test func anInvitationsActionsAnswerItAndAcceptingOpensTheGame() async {
        let answers = LockIsolated<[String]>([])
        let app = app(answers: answers)
        await signIn(app)
        let payload: [AnyHashable: Any] = ["gameId": Self.game.uuidString, "invitationId": "inv-1"]
        await app.openNotification(userInfo: payload, action: NotificationRouter.Action.decline)
        #expect(answers.value == ["decline inv-1"])
        #expect(app.path.isEmpty)

        await app.openNotification(userInfo: payload, action: NotificationRouter.Action.accept)
        #expect(answers.value == ["decline inv-1", "accept inv-1"])
        #expect(app.path == [.game(Self.game)])
    }

    @Test func anActionBeforeTheSignInIsCarriedOutAfterIt() async {
        let answers = LockIsolated<[String]>([])
        let app = app(answers: answers)
        await app.session.restore()
        await app.openNotification(userInfo: ["gameId": Self.game.uuidString, "invitationId": "inv-2"], action: NotificationRouter.Action.accept)
        #expect(answers.value.isEmpty)
        await signIn(app)
        #expect(answers.value == ["accept inv-2"])
        #expect(app.path == [.game(Self.game)])
    }

    @Test func whatAScreenAsksForIsPresentedOnce() async throws {
        let app = app()
        await signIn(app)
        let screens = try #require(app.screens)
        screens.home.openPractice()
        await app.presentRequestedRoutes()
        #expect(app.path == [.practice])
        #expect(screens.home.route == nil, "taken once")

        screens.home.showAllGames()
        await app.presentRequestedRoutes()
        #expect(app.tab == .games)
        #expect(app.path.isEmpty)

        screens.games.route = .game(Self.game)
        await app.presentRequestedRoutes()
        #expect(app.tab == .home)
        #expect(app.path == [.game(Self.game)])
    }

    @Test func closingAGameForgetsItsModel() async throws {
        let app = app()
        await signIn(app)
        await app.go(.game(Self.game))
        let screens = try #require(app.screens)
        let first = screens.game(Self.game)
        app.path = []
        #expect(screens.game(Self.game) !== first)
    }
}

extension QuortexAppModelTests {
    @Test func theStoreIsShownToASignedInPlayerAndTheSignInToOthers() async {
        let app = app()
        await app.session.restore()
        app.showsOfflinePractice = true
        app.openStore()
        #expect(app.showsStore == false)
        #expect(app.showsOfflinePractice == false, "signed out, the way to buy is to sign in")

        await signIn(app)
        app.openStore()
        #expect(app.showsStore)
        await app.session.signOut()
        await app.sessionChanged()
        #expect(app.showsStore == false)
    }

    @Test func practiceBeforeTheSignInClosesWhenSomeoneSignsIn() async {
        let app = app()
        await app.session.restore()
        app.showsOfflinePractice = true
        await signIn(app)
        #expect(app.showsOfflinePractice == false)
    }
}
