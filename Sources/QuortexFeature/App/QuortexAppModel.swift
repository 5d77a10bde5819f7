import AppFoundation
import Dependencies
import Foundation
import Observation
import Quortex

/// The Quortex app as one model: the session, the tabs, the navigation path over them, and
/// every way into a screen from outside - a link (`quortex://game/ID`, `https://quortex.com/join/CODE`),
/// a notification or its action, a screen asking for another. A link or notification that comes
/// while no one is signed in waits for the sign-in. The views only show this state and call
/// these intents; the screens' own models are in ``screens``.
@MainActor @Observable
public final class QuortexAppModel {
    public let session: SessionModel
    public let push: PushRegistrationModel
    public var tab: QuortexTab = .home
    /// What is shown over the current tab: games, practice.
    public var path: [QuortexRoute] = [] {
        didSet { screens?.keepGames(in: path) }
    }
    /// The signed-in player's screens; nil while no one is signed in.
    public private(set) var screens: QuortexScreens?
    /// One line about a link that was not followed ("not a Quortex link").
    public private(set) var notice: String?
    /// The store is shown over the tabs (from a locked theme, an empty undo balance, the profile).
    public var showsStore = false
    /// Practice before anyone signs in: the bots need no server, so a first launch offline plays.
    public let offlinePractice: PracticeSetupModel
    /// The signed-out screen shows practice over the sign-in form.
    public var showsOfflinePractice = false

    @ObservationIgnored private let links = DeepLinkRouter(product: .quortex)
    @ObservationIgnored private let notifications = NotificationRouter()
    /// A link or notification that came while signed out, followed after the sign-in.
    @ObservationIgnored private var waiting: QuortexRoute?
    @ObservationIgnored private var waitingLink: DeepLink?

    public init(session: SessionModel, push: PushRegistrationModel) {
        self.session = session
        self.push = push
        offlinePractice = PracticeSetupModel()
    }

    /// The live app: the session and push registration for Quortex, online play over the app's
    /// one client (its moves made offline kept in the app's support folder), and the device's
    /// Game Center and App Store, which only the app shell can name (their live clients are
    /// Apple-only). Every screen made later takes its dependencies from this model.
    public static func live(sandbox: Bool, gameCenter: GameCenterClient, store: StoreClient) -> QuortexAppModel {
        @Dependency(\.parlorClient) var client
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
        let folder = support.appendingPathComponent("Quortex", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return withDependencies {
            $0.gameCenter = gameCenter
            $0.storeClient = store
            $0.onlinePlay = .live(
                client, deviceIDFile: folder.appendingPathComponent("device-id"),
                offlineQueueFile: folder.appendingPathComponent("offline-moves.json"), profiles: nil)
        } operation: {
            QuortexAppModel(session: SessionModel(brand: .quortex), push: PushRegistrationModel(brand: .quortex, sandbox: sandbox))
        }
    }

    // MARK: Session

    /// Follows the session: the screens made for whoever signed in (and what waited for them),
    /// dropped with the path at sign-out. The root view calls it whenever the user changes.
    public func sessionChanged() async {
        guard let user = session.user else {
            screens = nil
            path = []
            tab = .home
            showsStore = false
            return
        }
        guard screens?.user.id != user.id else { return }
        path = []
        showsOfflinePractice = false
        screens = withDependencies(from: self) { QuortexScreens(user: user, session: session) }
        if let link = waitingLink {
            waitingLink = nil
            await follow(link)
        }
        if let route = waiting {
            waiting = nil
            await go(route)
        }
    }

    // MARK: Ways in

    /// A link opened from outside: a game, an invite code; anything else is refused with the reason.
    public func open(_ url: URL) async {
        switch links.route(url) {
        case .success(let link):
            notice = nil
            guard screens != nil else {
                waitingLink = link
                return
            }
            await follow(link)
        case .failure(let refusal):
            notice = refusal.reason
        }
    }

    /// A notification tapped, or one of its actions (accept, decline an invitation).
    public func openNotification(userInfo: [AnyHashable: Any], action: String? = nil) async {
        guard let route = notifications.route(userInfo: userInfo, action: action) else { return }
        guard screens != nil else {
            waiting = route
            return
        }
        await go(route)
    }

    /// Presents `route`: a game or practice over the Play tab, the games list as its tab, an
    /// invitation's answer through the Home model (which then opens the game).
    public func go(_ route: QuortexRoute) async {
        guard let screens else {
            waiting = route
            return
        }
        switch route {
        case .game:
            // One game at a time: a game opened from a notification replaces what was shown.
            tab = .home
            if path != [route] { path = [route] }
        case .practice:
            tab = .home
            if path.last != .practice { path.append(.practice) }
        case .turnBasedGames:
            tab = .games
            path = []
        case .acceptInvitation, .declineInvitation:
            await screens.home.follow(route)
        }
        // Accepting an invitation leaves its game as Home's route.
        await presentRequestedRoutes()
    }

    /// Presents what the screens asked for (Home's "continue", the games list's rows). The root
    /// view calls it when one of them changes; a screen's route is taken once.
    public func presentRequestedRoutes() async {
        guard let screens else { return }
        for route in screens.takeRoutes() { await go(route) }
    }

    public func dismissNotice() { notice = nil }

    /// Shows the store; signed out there is nothing to buy with, so the sign-in is shown instead.
    public func openStore() {
        if screens == nil {
            showsOfflinePractice = false
        } else {
            showsStore = true
        }
    }

    /// The store closed: a practice game in play shows the undo and hint balances just bought.
    public func storeClosed() async {
        await screens?.practice.game?.refreshBalances()
    }

    /// From offline practice to the sign-in form (to spend a balance, or play online).
    public func showSignIn() {
        showsOfflinePractice = false
    }

    private func follow(_ link: DeepLink) async {
        guard let screens else { return }
        switch link {
        case .quortexGame(let id):
            await go(.game(id))
        case .quortexInvite:
            tab = .home
            path = []
            await screens.home.handle(link)
            await presentRequestedRoutes()
        case .resetPassword, .verifyEmail:
            notice = "Open this link on the device where you asked for it, then sign in."
        default:
            notice = "This link is not for Quortex."
        }
    }

    /// An online game ended: Game Center mirrors the server's new results, and after the first
    /// one the app asks for notifications (the push model asks once per device).
    public func onlineGameEnded() async {
        await screens?.gameCenter.sync()
        await push.onlineGameFinished()
    }

    // MARK: Launch

    /// What runs once someone is signed in, for as long as the app runs: purchases made
    /// elsewhere (Transaction.updates), Game Center's mirror of the server's results, and this
    /// device's push token when notifications are allowed.
    public func runSignedIn() async {
        guard let screens else { return }
        await push.refresh()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await screens.store.listenForTransactions() }
            group.addTask { await screens.gameCenter.start() }
        }
    }
}
