import AppFoundation
import Foundation
import GameCore
import Quortex

/// Every screen's model for one signed-in player, made once at sign-in and dropped at sign-out,
/// so nothing of one account is ever shown to the next. A game's model is made when it opens
/// and kept while it is in the navigation path.
@MainActor
public final class QuortexScreens {
    public let user: SignedInUser
    public let home: QuortexHomeModel
    public let games: TurnBasedGamesModel
    public let practice: PracticeSetupModel
    public let leaderboards: LeaderboardsModel
    public let achievements: AchievementsModel
    public let friends: FriendsModel
    public let profile: ProfileModel
    public let settings: SettingsModel
    public let store: StoreModel
    public let gameCenter: GameCenterMirror
    private var openGames: [UUID: QuortexGameModel] = [:]

    public init(user: SignedInUser, session: SessionModel) {
        self.user = user
        home = QuortexHomeModel()
        games = TurnBasedGamesModel()
        practice = PracticeSetupModel()
        leaderboards = LeaderboardsModel(game: Quortex.gameType.rawValue)
        achievements = AchievementsModel(game: Quortex.gameType.rawValue)
        friends = FriendsModel(myUserID: user.id)
        profile = ProfileModel()
        settings = SettingsModel(session: session)
        store = StoreModel(account: user.id)
        gameCenter = GameCenterMirror()
    }

    /// The model of game `id`: the one already open, else a new one.
    public func game(_ id: UUID) -> QuortexGameModel {
        if let open = openGames[id] { return open }
        let model = QuortexGameModel(gameID: id)
        openGames[id] = model
        return model
    }

    /// Forgets the games no longer in `path` (their screens closed).
    func keepGames(in path: [QuortexRoute]) {
        let shown = Set(path.compactMap { route -> UUID? in if case .game(let id) = route { id } else { nil } })
        openGames = openGames.filter { shown.contains($0.key) }
    }

    /// The routes the screens asked for since they were last read, each taken once.
    func takeRoutes() -> [QuortexRoute] {
        var taken: [QuortexRoute] = []
        if let route = home.route {
            taken.append(route)
            home.route = nil
        }
        if let route = games.route {
            taken.append(route)
            games.route = nil
        }
        return taken
    }
}
