import Dependencies
import Foundation
import GameCore
import GameSession
import Observation
import ParlorClient

/// The online flow shared by every game (Quortex, Crazy Eights): a guest per profile, a game by
/// quick match, a private game or an invite code, the wait for players, then the started game as
/// an endpoint for the table, with seat labels; resigning after a confirmation; and the
/// authority's outcome, counted once in the player's profile. Every effect goes through
/// ``OnlinePlayClient`` and the continuous clock, so it is tested without a server.
///
/// Each step is an intent of its own (a terminal says something between them); ``start(_:)``
/// runs them all, as a SwiftUI screen does.
@MainActor @Observable
public final class OnlineMatchModel<Module: GameModule> {
    public internal(set) var phase: OnlineMatchPhase = .idle
    public private(set) var player: OnlinePlayer?
    /// The game as last read from the server.
    public private(set) var game: OnlineGameSummary?
    /// The started game's endpoint, while ``phase`` is `.playing` (and after, until ``close()``).
    public private(set) var endpoint: (any GameSessionEndpoint<Module>)?
    /// The player asked to leave a game in play; leaving resigns, so it waits for a yes.
    public private(set) var confirmingResign = false
    /// The match as counted in the profile, once.
    public private(set) var recordedMatch: FinishedMatch?
    /// Why the result could not be counted, or the server not told of a resignation (the game
    /// itself still ended).
    public private(set) var recordingError: String?
    /// How the games this model creates or quick-matches are played.
    public var newGameMode: OnlineGameMode = .turnBased
    /// The turn time of a private game it creates; nil is the server's default for the mode.
    public var newGameTurnSeconds: Int?

    @ObservationIgnored @Dependency(\.onlinePlay) private var client
    @ObservationIgnored @Dependency(\.continuousClock) private var clock
    @ObservationIgnored @Dependency(\DependencyValues.uuid) private var uuid
    @ObservationIgnored private var link: OnlineGameLink<Module>?
    @ObservationIgnored private var way: OnlineMatchWay?
    /// How often the waits ask the server again.
    @ObservationIgnored private let queuePoll: Duration
    @ObservationIgnored private let gamePoll: Duration

    public init(queuePoll: Duration = .milliseconds(500), gamePoll: Duration = .seconds(1)) {
        self.queuePoll = queuePoll
        self.gamePoll = gamePoll
    }

    /// A model whose effects go through `client` (a caller that does not set dependencies itself).
    public static func using(_ client: OnlinePlayClient) -> OnlineMatchModel {
        withDependencies { $0.onlinePlay = client } operation: { OnlineMatchModel() }
    }

    // MARK: Derived state

    /// The game's kind as the server names it.
    public var gameType: String { Module.gameType.rawValue }
    public var error: ParlorError? {
        if case .failed(let error) = phase { return error }
        return nil
    }
    public var isWaiting: Bool {
        switch phase {
        case .signingIn, .finding, .searching, .waitingForPlayers, .starting: true
        default: false
        }
    }
    public var inviteCode: String? { game?.inviteCode }
    /// Each seat's player, as the table labels them.
    public var seatLabels: [Int: String] { game?.seatNames ?? [:] }
    public var yourSeat: Int? { game?.yourSeat }
    /// What the wait is for, in a line a screen shows.
    public var waitText: String? {
        switch phase {
        case .signingIn: "Signing in…"
        case .finding: "Finding a game…"
        case .searching(let others): "Looking for \(others) other player\(others == 1 ? "" : "s") (quick match)…"
        case .waitingForPlayers(let missing, _): "Waiting for \(missing) more player(s)…"
        case .starting: "Starting the game…"
        default: nil
        }
    }
    public let resignQuestion = "Leave and resign this game?"
    /// How the match ended, with the players' names.
    public var resultText: String? {
        switch phase {
        case .finished(let outcome?):
            let winners = outcome.winners.map { seatLabels[$0] ?? "P\($0 + 1)" }
            return winners.isEmpty ? "Match over: nobody won." : "Match over: \(winners.joined(separator: " and ")) won (\(outcome.winType.rawValue))."
        case .finished(nil): return "Match over."
        case .resigned: return "You resigned and left the game."
        default: return nil
        }
    }

    // MARK: Intents

    /// Signs in, finds a game and waits until it starts.
    public func start(_ way: OnlineMatchWay) async {
        await signIn()
        guard phase == .signedIn else { return }
        await find(way)
        await waitForMatch()
        await waitForPlayers()
    }

    /// The profile's stored session if the server still takes it, else a guest sign-in with the
    /// profile's device id (made once), so the same profile is the same guest every time.
    public func signIn() async {
        phase = .signingIn
        await attempt {
            if let resumed = try await client.resumeSession() {
                player = resumed
            } else {
                player = try await client.signInAsGuest(try client.device.id { uuid() })
            }
            phase = .signedIn
        }
    }

    /// Enters quick match, creates a private game or joins one by its code.
    public func find(_ way: OnlineMatchWay) async {
        self.way = way
        phase = .finding
        await attempt {
            switch way {
            case .quickMatch(let players):
                try await client.enterQuickMatch(OnlineGameRequest(gameType: gameType, players: players, mode: newGameMode))
                phase = .searching(otherPlayers: players - 1)
            case .privateGame(let players):
                adopt(try await client.createGame(request(players: players)))
            case .join(let code):
                adopt(try await client.joinByCode(code))
            }
        }
    }

    /// In quick match: asks the server until it names the game found.
    public func waitForMatch() async {
        guard case .searching = phase else { return }
        await attempt {
            var match: String?
            while match == nil {
                try await clock.sleep(for: queuePoll)
                // Cancelled meanwhile (``cancelSearch()``): the entry is gone, and so is what the
                // server says of it.
                guard isSearching else { return }
                do {
                    match = try await client.quickMatch()
                } catch where !isSearching {
                    return
                }
                guard isSearching else { return }
            }
            adopt(try await client.game(match ?? ""))
        }
    }

    /// Leaves the quick-match queue.
    public func cancelSearch() async {
        guard isSearching else { return }
        // Out of the search at once, so a wait still polling stops asking.
        phase = .signedIn
        await attempt { try await client.cancelQuickMatch() }
    }

    private var isSearching: Bool {
        if case .searching = phase { return true }
        return false
    }

    /// Waits until the game has all its players, then opens it for the table.
    public func waitForPlayers() async {
        switch phase {
        case .waitingForPlayers, .starting: break
        default: return
        }
        await attempt {
            while let waiting = game, waiting.status == .waiting {
                try await clock.sleep(for: gamePoll)
                adopt(try await client.game(waiting.id))
            }
            guard let started = game, let id = UUID(uuidString: started.id) else {
                throw ParlorError(kind: .unexpectedResponse, code: "bad_game_id", message: "the server named game '\(game?.id ?? "")'")
            }
            let opened = try await client.games.open(id, as: Module.self)
            link = opened
            endpoint = opened.endpoint
            // Read again once followed: the seats are dealt at the start.
            game = try await client.game(started.id)
            phase = .playing
        }
    }

    /// A private game of `players` with this model's mode and turn time.
    public func request(players: Int) -> OnlineGameRequest {
        OnlineGameRequest(gameType: gameType, players: players, mode: newGameMode, turnSeconds: newGameTurnSeconds)
    }

    /// Adopts a game read from the server: waiting for players, or ready to open.
    private func adopt(_ read: OnlineGameSummary) {
        game = read
        phase = read.status == .waiting ? .waitingForPlayers(missing: read.missingPlayers, inviteCode: read.inviteCode) : .starting
    }

    /// Runs `body`, putting any failure in the phase as the typed error.
    private func attempt(_ body: () async throws -> Void) async {
        do {
            try await body()
        } catch is CancellationError {
            // The screen went away: nothing to show.
        } catch {
            phase = .failed(ParlorError(error))
        }
    }

    /// The link to the started game, for the model's other files.
    var openLink: OnlineGameLink<Module>? {
        get { link }
        set { link = newValue }
    }
    var onlineClient: OnlinePlayClient { client }
    func setPhase(_ new: OnlineMatchPhase) { phase = new }
    func setConfirmingResign(_ value: Bool) { confirmingResign = value }
    func setRecorded(_ match: FinishedMatch?, error: String?) {
        recordedMatch = match
        recordingError = error
    }
}
