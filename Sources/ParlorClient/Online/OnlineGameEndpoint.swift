import Foundation
import GameCore
import GameSession
import OpenAPIRuntime
import ParlorAPI

/// A game played on the server, as the endpoint of the same `GameStore` local multiplayer uses.
///
/// With a real-time connection (``start(following:)``), a move is one `move` message on the
/// socket: shown at once (predicted with the shared engine, for a `PredictingGameModule`), and
/// replaced by the server's view when the `ack` and the `move_made` carrying the player's view
/// come back; an `error` naming the move rolls it back and is reported. Other players' moves
/// arrive the same way, each `move_made` with this player's view, so nothing is read over REST
/// while the frames follow one another: the game is read (`GET /games/{id}`) only when a frame
/// skips a sequence number, when a frame cannot be read, and when the socket is down (then the
/// move itself goes over REST). The `state` that answers every (re)subscription carries the
/// view too, so a reconnect costs no read either.
///
/// With an ``OfflineMoveQueue``, a move the server did not answer (the socket down and REST
/// unreachable) is kept (on disk) with its move id and shown as made, waiting;
/// ``deliverQueued()`` sends it when the server is back (the endpoint tries on every event it
/// follows, which includes the `state` sent after a reconnect). A retry never plays twice (the
/// server answers a repeated move id with the move it applied), and a move the server refuses is
/// rolled back and reported in ``refusedMoves`` and the snapshot's `lastError`, never dropped
/// silently. Without a real-time connection (`start(following: nil)`) every move goes over REST.
public actor OnlineGameEndpoint<Module: GameModule>: GameSessionEndpoint {
    public nonisolated let changes: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation
    let api: Client
    public let game: UUID
    /// The game's id as the server writes it.
    let gameID: String
    /// How long a move sent on the socket waits for its answer before it is sent over REST
    /// instead (with the same move id, so it is played at most once either way).
    let answerTimeout: Duration
    var authoritative: Module.View?
    var predicted: Module.View?
    var seq = 0
    var seat: Int?
    var completed = false
    var lastError: GameError?
    var follower: Task<Void, Never>?
    var events: RealtimeEvents?
    /// Moves sent on the socket and not yet settled, by move id.
    var inFlight: [String: InFlight] = [:]
    let queue: OfflineMoveQueue?
    /// Moves of this game waiting in the queue.
    public internal(set) var queuedMoves = 0
    /// Queued moves the server refused once it was reachable, with why.
    public internal(set) var refusedMoves: [(move: OfflineMoveQueue.Move, error: ParlorError)] = []

    public init(client: ParlorClient, game: UUID, offlineQueue: OfflineMoveQueue? = nil, answerTimeout: Duration = .seconds(10)) {
        self.api = client.api
        self.game = game
        gameID = game.uuidString.lowercased()
        self.queue = offlineQueue
        self.answerTimeout = answerTimeout
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Reads the game, then follows it on `events` until ``stop()``, sending moves there while
    /// its socket is open.
    public func start(following events: RealtimeEvents?) async throws {
        try await reload()
        guard let events, follower == nil else { return }
        self.events = events
        let stream = try await events.game(game)
        follower = Task { [weak self] in
            for await message in stream {
                await self?.follow(message)
            }
        }
    }

    /// Stops following the game (the connection stays open for others). A move still waiting
    /// for its answer on the socket goes over REST instead.
    public func stop() {
        follower?.cancel()
        follower = nil
        events = nil
        for id in inFlight.keys { resolve(id, .unanswered) }
        continuation.finish()
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
        // Made on the position the moves still on their way (queued or on the socket) will reach.
        let madeAt = seq + queuedMoves + inFlight.count
        let moveID = UUID().uuidString
        if queuedMoves == 0, let connection = events?.connection, await connection.isConnected {
            switch await sendOnSocket(RealtimeMove(game: game, moveId: moveID, action: action, seq: madeAt), through: connection) {
            case .applied:
                settled(nil)
                return
            case .appliedUnseen:
                // Played, but its view never came: read it once.
                try? await reload()
                settled(nil)
                return
            case .refused(let refusal):
                settled(refusal)
                throw refusal
            case .unanswered:
                break  // over REST with the same move id: played at most once either way
            }
        }
        let move: OfflineMoveQueue.Move
        do {
            move = OfflineMoveQueue.Move(game: gameID, moveID: moveID, action: try GameJSON.encoder().encode(action), seq: madeAt)
        } catch {
            settled(.corruptedPayload("the move does not encode: \(error)"))
            throw .corruptedPayload("the move does not encode: \(error)")
        }
        try await performOverREST(move)
    }

    /// A move's answer is in: the prediction goes once no other move is on its way, and a
    /// refusal is shown.
    func settled(_ refusal: GameError?) {
        // A refused move takes the prediction with it: any move predicted after it was made on a
        // position the server never reached, and will be refused too.
        if refusal != nil || (inFlight.isEmpty && queuedMoves == 0) { predicted = nil }
        lastError = refusal
        continuation.yield()
    }

    /// Takes `view` at `at` as the server's, unless something newer is shown already.
    func adopt(view: Module.View?, at: Int, seat: Int?? = nil, completed: Bool? = nil) {
        guard at >= seq || authoritative == nil else { return }
        seq = at
        if let seat { self.seat = seat }
        if let completed { self.completed = completed }
        if let view { authoritative = view }
        settleAcknowledged()
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
