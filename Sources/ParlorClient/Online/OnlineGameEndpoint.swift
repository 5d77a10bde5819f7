import Foundation
import GameCore
import GameSession
import OpenAPIRuntime
import ParlorAPI

/// A game played on the server, as the endpoint of the same `GameStore` local multiplayer uses:
/// the player's own move is shown at once (predicted with the shared engine, for a
/// `PredictingGameModule`), sent with a move id and the seq it was made at, and replaced by the
/// server's view when the answer comes; a refused move is rolled back and reported. Other
/// players' moves arrive over the real-time connection, each one re-reading the player's view.
public actor OnlineGameEndpoint<Module: GameModule>: GameSessionEndpoint {
    public nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    let api: Client
    public let game: UUID
    private var authoritative: Module.View?
    private var predicted: Module.View?
    private var seq = 0
    private var seat: Int?
    private var completed = false
    private var lastError: GameError?
    private var follower: Task<Void, Never>?
    private var events: RealtimeEvents?

    public init(client: ParlorClient, game: UUID) {
        self.api = client.api
        self.game = game
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Reads the game, then follows it on `events` until ``stop()``.
    public func start(following events: RealtimeEvents?) async throws {
        try await reload()
        guard let events, follower == nil else { return }
        self.events = events
        let stream = try await events.game(game)
        follower = Task { [weak self] in
            for await _ in stream { try? await self?.reload() }
        }
    }

    /// Stops following the game (the connection stays open for others).
    public func stop() {
        follower?.cancel()
        follower = nil
        events = nil
        continuation.finish()
    }

    /// Reads the player's view of the game from the server.
    public func reload() async throws {
        let id = game.uuidString.lowercased()
        let read = try await parlorCall { [api] in try await api.getGame(path: .init(gameID: id)).ok.body.json }
        try adopt(read)
    }

    public func snapshot() -> SessionSnapshot<Module> {
        SessionSnapshot(
            phase: completed ? .ended(reason: "the game is over") : .joined, lobby: nil, view: predicted ?? authoritative, lastError: lastError,
            isWaitingForHost: predicted != nil)
    }

    public func perform(_ action: Module.Action) async throws(GameError) {
        guard let seat, let view = authoritative else { throw GameError.notYourTurn("you have no seat in this game") }
        predicted = Self.predict(view, action, seat)
        continuation.yield()
        let sent = await send(action)
        predicted = nil
        switch sent {
        case .success(let answer):
            lastError = nil
            try? adopt(answer)
        case .failure(let error):
            lastError = error
            continuation.yield()
            throw error
        }
    }

    private func send(_ action: Module.Action) async -> Result<Components.Schemas.Game, GameError> {
        let id = game.uuidString.lowercased()
        let seq = self.seq
        do {
            let value = try JSONDecoder().decode(OpenAPIValueContainer.self, from: try GameJSON.encoder().encode(action))
            let answer = try await parlorCall { [api] in
                try await api.submitMove(path: .init(gameID: id), body: .json(.init(moveId: UUID().uuidString, action: value, seq: seq))).ok.body.json
            }
            return .success(answer.game)
        } catch let error as ParlorError {
            return .failure(GameError(code: GameError.Code(rawValue: error.code) ?? .desync, message: error.message))
        } catch {
            return .failure(.corruptedPayload("the move does not encode: \(error)"))
        }
    }

    private func adopt(_ read: Components.Schemas.Game) throws {
        guard read.seq >= seq || authoritative == nil else { return }  // an older answer than the one shown
        seq = read.seq
        seat = read.yourSeat
        completed = read.status == .completed
        if let view = read.view { authoritative = try GameJSON.decoder().decode(Module.View.self, from: try JSONEncoder().encode(view)) }
        continuation.yield()
    }

    private static func predict(_ view: Module.View, _ action: Module.Action, _ seat: Int) -> Module.View? {
        guard let module = Module.self as? any PredictingGameModule.Type else { return nil }
        return predictOpened(module, view, action, seat)
    }
}

/// Opens the existential so the prediction runs with the module's own types.
private func predictOpened<Predicting: PredictingGameModule, View, Action>(
    _ module: Predicting.Type, _ view: View, _ action: Action, _ seat: Int
) -> View? {
    guard let view = view as? Predicting.View, let action = action as? Predicting.Action else { return nil }
    return Predicting.predict(view, action, by: seat) as? View
}
