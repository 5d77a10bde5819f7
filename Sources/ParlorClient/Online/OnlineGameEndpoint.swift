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
///
/// With an ``OfflineMoveQueue``, a move made while the server cannot be reached is kept (on
/// disk) with its move id and shown as made, waiting; ``deliverQueued()`` sends it when the
/// server is back (the endpoint tries on every event it follows, which includes the state sent
/// after a reconnect). A retry never plays twice (the server answers a repeated move id with the
/// move it applied), and a move the server refuses is rolled back and reported in
/// ``refusedMoves`` and the snapshot's `lastError`, never dropped silently.
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
    let queue: OfflineMoveQueue?
    /// Moves of this game waiting in the queue.
    public private(set) var queuedMoves = 0
    /// Queued moves the server refused once it was reachable, with why.
    public private(set) var refusedMoves: [(move: OfflineMoveQueue.Move, error: ParlorError)] = []

    public init(client: ParlorClient, game: UUID, offlineQueue: OfflineMoveQueue? = nil) {
        self.api = client.api
        self.game = game
        self.queue = offlineQueue
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Reads the game, then follows it on `events` until ``stop()``.
    public func start(following events: RealtimeEvents?) async throws {
        try await reload()
        guard let events, follower == nil else { return }
        self.events = events
        let stream = try await events.game(game)
        follower = Task { [weak self] in
            for await _ in stream {
                await self?.deliverQueued()
                try? await self?.reload()
            }
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

    /// Sends this game's queued moves (and any others in the queue, in order) if the server can
    /// be reached; refused ones are rolled back and reported. Call it when the network returns.
    @discardableResult
    public func deliverQueued() async -> OfflineMoveQueue.Flush? {
        guard let queue, queuedMoves > 0 else { return nil }
        guard let flush = try? await queue.flush(through: api) else { return nil }
        let id = game.uuidString.lowercased()
        queuedMoves = await queue.queued.count { $0.game == id }
        for (move, error, dropped) in flush.refused where move.game == id {
            refusedMoves.append((move, error))
            refusedMoves += dropped.map { ($0, error) }
            lastError = GameError(code: GameError.Code(rawValue: error.code) ?? .invalidAction, message: error.message)
        }
        if queuedMoves == 0 {
            predicted = nil
            try? await reload()
        }
        continuation.yield()
        return flush
    }

    public func snapshot() -> SessionSnapshot<Module> {
        SessionSnapshot(
            phase: completed ? .ended(reason: "the game is over") : .joined, lobby: nil, view: predicted ?? authoritative, lastError: lastError,
            isWaitingForHost: predicted != nil || queuedMoves > 0)
    }

    public func perform(_ action: Module.Action) async throws(GameError) {
        guard let seat, let view = authoritative else { throw GameError.notYourTurn("you have no seat in this game") }
        predicted = Self.predict(predicted ?? view, action, seat) ?? predicted
        continuation.yield()
        let move: OfflineMoveQueue.Move
        do {
            // Queued behind moves already waiting, a move is made at the seq they will reach.
            move = OfflineMoveQueue.Move(game: game.uuidString.lowercased(), action: try GameJSON.encoder().encode(action), seq: seq + queuedMoves)
        } catch {
            predicted = nil
            throw .corruptedPayload("the move does not encode: \(error)")
        }
        if queuedMoves > 0, let queue {
            // Behind a queued move: queued too, so the server gets them in the order they were made.
            await keep(move, in: queue)
            return
        }
        switch await send(move) {
        case .success(let answer):
            predicted = nil
            lastError = nil
            try? adopt(answer)
        case .failure(let error) where error.status == nil && queue != nil:
            // No answer: the server may or may not have the move. Queued with its move id, it is
            // sent again later and played at most once either way.
            if let queue { await keep(move, in: queue) }
        case .failure(let error):
            predicted = nil
            let refusal = GameError(code: GameError.Code(rawValue: error.code) ?? .desync, message: error.message)
            lastError = refusal
            continuation.yield()
            throw refusal
        }
    }

    private func keep(_ move: OfflineMoveQueue.Move, in queue: OfflineMoveQueue) async {
        do {
            try await queue.enqueue(move)
            queuedMoves += 1
            lastError = nil
        } catch {
            predicted = nil
            lastError = .desync("the move could not be kept for later: \(error)")
        }
        continuation.yield()
    }

    private func send(_ move: OfflineMoveQueue.Move) async -> Result<Components.Schemas.Game, ParlorError> {
        do {
            let value = try JSONDecoder().decode(OpenAPIValueContainer.self, from: move.action)
            let answer = try await parlorCall { [api] in
                try await api.submitMove(path: .init(gameID: move.game), body: .json(.init(moveId: move.moveID, action: value, seq: move.seq))).ok.body.json
            }
            return .success(answer.game)
        } catch let error as ParlorError {
            return .failure(error)
        } catch {
            return .failure(ParlorError(kind: .invalidInput, code: "corrupted_payload", message: "the move does not encode: \(error)"))
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
