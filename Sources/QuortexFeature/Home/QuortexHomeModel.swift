import AppFoundation
import Dependencies
import Foundation
import GameCore
import Observation
import ParlorClient
import ParlorLinks
import Quortex

/// Quortex's home (the seed's LobbyView): the games to continue (your turn first), quick match
/// by player count with the wait shown and cancellable, a private game with its invite code and
/// share link, joining by code, the invitations received, and practice. It decides where the app
/// goes by setting ``route``; the app's root presents it.
@MainActor @Observable
public final class QuortexHomeModel {
    /// Where to go next; the root presents it and sets it back to nil.
    public var route: QuortexRoute?
    /// Active and waiting Quortex games, your turn first.
    public private(set) var continueGames: [GameListing] = []
    public private(set) var invitations: [OnlineInvitation] = []
    public private(set) var isLoading = false
    public private(set) var hasLoaded = false
    /// Why the games and invitations could not be read.
    public private(set) var loadError: ErrorPresentation?
    /// Why the last thing asked (a match, a game, a code, an invitation) failed.
    public var error: ErrorPresentation?

    /// The quick-match and private-game flow, shared with every game's online play.
    public let match: OnlineMatchModel<Quortex>
    public var quickMatchPlayers = 2
    public var quickMatchMode: OnlineGameMode = .realTime

    public var isShowingPrivateGameForm = false
    public var privateGameForm = PrivateGameForm()
    /// The private game made from the form, waiting for its players.
    public private(set) var createdGame: OnlineGameSummary?
    public private(set) var isCreating = false

    public var joinCode = ""
    public private(set) var isJoining = false
    /// Invitations being accepted or declined.
    public private(set) var answering: Set<String> = []

    @ObservationIgnored @Dependency(\.onlineGames) private var games
    @ObservationIgnored @Dependency(\.date.now) private var now

    public init() {
        match = OnlineMatchModel<Quortex>()
    }

    // MARK: Derived state

    public static let quickMatchPlayerRange = PrivateGameForm.allowedPlayers
    public var isEmpty: Bool { hasLoaded && continueGames.isEmpty && invitations.isEmpty }
    public var isSearching: Bool {
        switch match.phase {
        case .searching: true
        case .finding: !isCreating && !isJoining
        default: false
        }
    }
    /// "Looking for 1 other player (quick match)…" while it waits.
    public var quickMatchWaitText: String? { isSearching ? match.waitText : nil }
    public var canStartQuickMatch: Bool { !isSearching && Self.quickMatchPlayerRange.contains(quickMatchPlayers) }

    public var createdInviteCode: String? { createdGame?.inviteCode }
    /// The universal link a friend opens to join (`https://quortex.com/i/CODE`, the shared invite link).
    public var shareLink: URL? {
        createdInviteCode.map { DeepLinkRouter(product: .quortex).universalLink(.invite(code: $0)) }
    }
    /// "Waiting for 2 more players", under the code.
    public var createdGameStatus: String? {
        createdGame.map { "Waiting for \($0.missingPlayers) more player\($0.missingPlayers == 1 ? "" : "s")" }
    }
    public var shareMessage: String? { createdInviteCode.map { "Join my Quortex game with the code \($0)." } }
    public var canCreatePrivateGame: Bool { privateGameForm.isValid && !isCreating && createdGame == nil }

    /// An alert's binding: shown while there is an error, dismissing it clears the error.
    public var isShowingError: Bool {
        get { error != nil }
        set { if !newValue { error = nil } }
    }

    public var joinCodeProblem: String? { InviteCode.problem(joinCode) }
    public var canJoin: Bool { InviteCode(joinCode) != nil && !isJoining }

    // MARK: Intents

    /// Reads the games to continue and the invitations (on appearing, and on pull to refresh).
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do throws(ParlorError) {
            let active = try await games.list(.active, nil).games
            let waiting = try await games.list(.waiting, nil).games
            let received = try await games.invitations()
            let time = now
            continueGames = (active + waiting).filter(\.isQuortex).yourTurnFirst().map { GameListing($0, now: time) }
            invitations = received.filter(\.game.isQuortex)
            loadError = nil
            hasLoaded = true
        } catch {
            loadError = ErrorPresentation(error)
        }
    }

    public func startQuickMatch() async {
        guard canStartQuickMatch else { return }
        error = nil
        match.newGameMode = quickMatchMode
        await match.find(.quickMatch(players: quickMatchPlayers))
        await match.waitForMatch()
        openMatchedGame()
    }

    public func cancelQuickMatch() async {
        await match.cancelSearch()
        if let failure = match.error { error = ErrorPresentation(failure) }
    }

    public func showPrivateGameForm() {
        privateGameForm = PrivateGameForm()
        createdGame = nil
        error = nil
        isShowingPrivateGameForm = true
    }

    public func createPrivateGame() async {
        guard canCreatePrivateGame else { return }
        isCreating = true
        defer { isCreating = false }
        error = nil
        match.newGameMode = privateGameForm.mode
        match.newGameTurnSeconds = privateGameForm.turnSeconds
        await match.find(.privateGame(players: privateGameForm.players))
        if let failure = match.error {
            error = ErrorPresentation(failure)
        } else if let game = match.game {
            createdGame = game
            continueGames.insert(GameListing(game, now: now), at: continueGames.firstIndex { !$0.isYourTurn } ?? continueGames.endIndex)
        }
    }

    /// Opens the game just made (it waits there for its players).
    public func openCreatedGame() {
        guard let id = createdGame.flatMap({ UUID(uuidString: $0.id) }) else { return }
        isShowingPrivateGameForm = false
        route = .game(id)
    }

    public func dismissPrivateGameForm() {
        isShowingPrivateGameForm = false
    }

    public func join() async {
        guard canJoin, let code = InviteCode(joinCode) else { return }
        isJoining = true
        defer { isJoining = false }
        error = nil
        await match.find(.join(code: code.value))
        if match.error == nil { joinCode = "" }
        openMatchedGame()
    }

    public func accept(_ invitation: OnlineInvitation) async {
        await answer(invitation.id) { () async throws(ParlorError) in
            let game = try await games.accept(invitation.id)
            route = UUID(uuidString: game.id).map(QuortexRoute.game)
        }
    }

    public func decline(_ invitation: OnlineInvitation) async {
        await answer(invitation.id) { () async throws(ParlorError) in try await games.decline(invitation.id) }
    }

    public func open(_ game: GameListing) {
        route = game.route
    }

    public func openPractice() {
        route = .practice
    }

    public func showAllGames() {
        route = .turnBasedGames
    }

    /// A route from outside the screen (a notification, its action): the invitation answers are
    /// carried out here, anything else is presented.
    public func follow(_ destination: QuortexRoute) async {
        switch destination {
        case .acceptInvitation(let id, _):
            await answer(id) { () async throws(ParlorError) in
                let game = try await games.accept(id)
                route = UUID(uuidString: game.id).map(QuortexRoute.game)
            }
        case .declineInvitation(let id):
            await answer(id) { () async throws(ParlorError) in try await games.decline(id) }
        default:
            route = destination
        }
    }

    /// A Quortex link: a game opens, an invite code joins.
    public func handle(_ link: DeepLink) async {
        switch link {
        case .quortexGame(let id): route = .game(id)
        case .quortexInvite(let code):
            joinCode = code
            await join()
        default: break
        }
    }

    public func dismissError() {
        error = nil
    }

    // MARK: Steps

    /// The match model found a game (or failed): open it, or say why.
    private func openMatchedGame() {
        if let failure = match.error {
            error = ErrorPresentation(failure)
            return
        }
        switch match.phase {
        case .waitingForPlayers, .starting:
            if let id = match.game.flatMap({ UUID(uuidString: $0.id) }) { route = .game(id) }
        default: break
        }
    }

    /// Answers an invitation once at a time, and drops it from the list when done.
    private func answer(_ id: String, _ body: () async throws(ParlorError) -> Void) async {
        guard !answering.contains(id) else { return }
        answering.insert(id)
        defer { answering.remove(id) }
        error = nil
        do throws(ParlorError) {
            try await body()
            invitations.removeAll { $0.id == id }
        } catch {
            self.error = ErrorPresentation(error)
            // Gone or taken meanwhile: the list is out of date either way.
            if error.kind == .notFound || error.kind == .conflict { invitations.removeAll { $0.id == id } }
        }
    }
}

extension OnlineInvitation {
    /// "Olga invites you to a 3-player game."
    public var summary: String { "\(fromName) invites you to a \(game.players)-player game." }
}

extension OnlineGameSummary {
    /// A Quortex game (a summary without a type is taken as one: the list asks for Quortex's).
    var isQuortex: Bool { gameType == nil || gameType == Quortex.gameType.rawValue }
}
