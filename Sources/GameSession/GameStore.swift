import GameCore
import Observation

/// Everything a game screen shows, taken from either end of a session in one read.
public struct SessionSnapshot<Module: GameModule>: Sendable {
    public var phase: ClientPhase
    public var lobby: LobbyInfo?
    public var view: Module.View?
    /// The host's last refusal of one of our moves.
    public var lastError: GameError?
    /// A move of ours is shown optimistically and not yet confirmed.
    public var isWaitingForHost: Bool
    public var finishedMatches: [FinishedMatch]

    public init(
        phase: ClientPhase, lobby: LobbyInfo?, view: Module.View?, lastError: GameError? = nil,
        isWaitingForHost: Bool = false, finishedMatches: [FinishedMatch] = []
    ) {
        self.phase = phase
        self.lobby = lobby
        self.view = view
        self.lastError = lastError
        self.isWaitingForHost = isWaitingForHost
        self.finishedMatches = finishedMatches
    }
}

/// What a `GameStore` needs from a session end: a snapshot, moves, and a change signal.
public protocol GameSessionEndpoint<Module>: Actor {
    associatedtype Module: GameModule
    nonisolated var changes: AsyncStream<Void> { get }
    func snapshot() -> SessionSnapshot<Module>
    func perform(_ action: Module.Action) async throws(GameError)
}

/// The seed's `GameStore`: the observable object a SwiftUI game view binds to, on the main actor.
/// It holds no rules of its own: the host's `SessionHost` applies moves authoritatively, a
/// client's `SessionClient` predicts and is overwritten by the host, and this store shows
/// whichever it is given.
@MainActor @Observable
public final class GameStore<Module: GameModule> {
    public private(set) var snapshot: SessionSnapshot<Module>
    /// Why our last move was refused, from the host or from our own reducer.
    public private(set) var lastError: GameError?
    public let isHost: Bool
    private let endpoint: any GameSessionEndpoint<Module>

    public init(endpoint: any GameSessionEndpoint<Module>, isHost: Bool) {
        self.endpoint = endpoint
        self.isHost = isHost
        self.snapshot = SessionSnapshot(phase: .connecting, lobby: nil, view: nil)
    }

    public var view: Module.View? { snapshot.view }
    public var lobby: LobbyInfo? { snapshot.lobby }
    public var phase: ClientPhase { snapshot.phase }

    /// Follows the session until it is cancelled; a view calls it from `.task`.
    public func run() async {
        await refresh()
        for await _ in endpoint.changes {
            await refresh()
        }
    }

    public func send(_ action: Module.Action) async {
        do {
            try await endpoint.perform(action)
            lastError = nil
        } catch {
            lastError = error
        }
        await refresh()
    }

    public func refresh() async {
        snapshot = await endpoint.snapshot()
        if let error = snapshot.lastError { lastError = error }
    }
}

extension SessionClient: GameSessionEndpoint {
    public func snapshot() -> SessionSnapshot<Module> {
        SessionSnapshot(
            phase: core.phase, lobby: core.lobby, view: core.view, lastError: core.lastError,
            isWaitingForHost: core.isWaitingForHost, finishedMatches: core.finishedMatches)
    }
}

extension SessionHost: GameSessionEndpoint {
    public func snapshot() -> SessionSnapshot<Module> {
        SessionSnapshot(
            phase: core.closedReason.map { .ended(reason: $0) } ?? .joined, lobby: core.lobby,
            view: core.hostView, finishedMatches: core.finishedMatches)
    }
}
