import Foundation
import GameCore
import ParlorAPI

/// The real-time half: a move sent as one `move` message and settled by the frames that answer
/// it, and every frame of the game followed without a REST read while they come in order.
extension OnlineGameEndpoint {
    /// How a move sent on the socket ended.
    enum SocketAnswer: Sendable {
        /// Acknowledged, and the view after it has been adopted.
        case applied
        /// Acknowledged, but no view at its sequence number came in time.
        case appliedUnseen
        case refused(GameError)
        /// Nothing came back (the socket went down, or the answer took too long): the server may
        /// or may not have the move.
        case unanswered
    }

    /// A move on its way over the socket.
    struct InFlight: Sendable {
        let message: RealtimeMove<Module.Action>
        /// Sockets the connection had opened when the move was sent: a `state` on a later one
        /// answers a reconnect, which may have lost the move.
        let sentOnSocket: Int
        /// The sequence number the `ack` said the move produced.
        var acknowledgedAt: Int?
        var answer: SocketAnswer?
        var waiter: CheckedContinuation<SocketAnswer, Never>?
    }

    /// Sends `message` and waits for its answer (or for ``answerTimeout``).
    func sendOnSocket(_ message: RealtimeMove<Module.Action>, through connection: RealtimeConnection) async -> SocketAnswer {
        let id = message.moveId
        // Registered before it is sent: its answer may be followed before the send returns.
        inFlight[id] = InFlight(message: message, sentOnSocket: await connection.statistics.connects)
        defer { inFlight[id] = nil }
        do {
            try await connection.send(message)
        } catch {
            return .unanswered
        }
        let timeout = answerTimeout
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { waiter in
            if let answer = inFlight[id]?.answer {
                waiter.resume(returning: answer)
            } else if inFlight[id] != nil {
                inFlight[id]?.waiter = waiter
            } else {
                waiter.resume(returning: .unanswered)  // stopped meanwhile
            }
        }
    }

    /// Gives move `id` its answer, once.
    func resolve(_ id: String, _ answer: SocketAnswer) {
        guard var move = inFlight[id], move.answer == nil else { return }
        move.answer = answer
        move.waiter?.resume(returning: answer)
        move.waiter = nil
        inFlight[id] = move
    }

    private func expire(_ id: String) {
        resolve(id, inFlight[id]?.acknowledgedAt == nil ? .unanswered : .appliedUnseen)
    }

    /// Moves acknowledged at or below the sequence number shown are done.
    func settleAcknowledged() {
        for (id, move) in inFlight {
            if let at = move.acknowledgedAt, at <= seq { resolve(id, .applied) }
        }
    }

    /// One frame of the game, as the connection delivers them: in order, each once.
    func follow(_ inbound: RealtimeInbound) async {
        switch inbound.type {
        case .ack?:
            guard let id = inbound.moveId, let at = inbound.seq, inFlight[id] != nil else { break }
            inFlight[id]?.acknowledgedAt = at
            settleAcknowledged()
        case .error?:
            guard let id = inbound.moveId, inFlight[id] != nil else { break }
            let error = try? inbound.decode(RealtimeError.self)
            let code = error.flatMap { GameError.Code(rawValue: $0.code) } ?? .desync
            resolve(id, .refused(GameError(code: code, message: error?.message ?? "the server refused the move")))
        case .moveMade?:
            await moveMade(inbound)
        case .state?, .gameStarted?:
            await viewed(inbound)
        case .gameEnded?:
            // Its final move's `move_made` comes first; a later number means it was missed.
            if let at = inbound.seq, at > seq { await readAfterGap() }
            completed = true
            continuation.yield()
        default:
            break
        }
        await deliverQueued()
    }

    /// Someone's move, with this player's view after it.
    private func moveMade(_ inbound: RealtimeInbound) async {
        guard let at = inbound.seq else { return }
        // Shown already: this player's own move answered over REST, or a `state` past it.
        if authoritative != nil, at <= seq { return }
        guard authoritative == nil || at == seq + 1, let frame = try? inbound.decode(GameFrame<Module.View>.self) else {
            await readAfterGap()
            return
        }
        adopt(view: frame.view, at: at)
    }

    /// A `state` (the answer to every subscription, so also after a reconnect or a gap the
    /// connection filled) or a `game_started`: the player's view and seat.
    private func viewed(_ inbound: RealtimeInbound) async {
        guard let frame = try? inbound.decode(GameFrame<Module.View>.self) else {
            await readAfterGap()
            return
        }
        let seat: Int?? = .some(frame.seat)
        adopt(view: frame.view, at: frame.seq, seat: seat, completed: frame.status.map { $0 == "completed" })
        guard inbound.type == .state, let connection = events?.connection else { return }
        // The socket may have been lost with a move on it: sent again, it is answered (a
        // repeated move id is answered with the move applied), never played twice.
        // Only after a reconnect: a `state` the move's own socket sent came before the move.
        let sockets = await connection.statistics.connects
        for move in inFlight.values where move.acknowledgedAt == nil && move.answer == nil && sockets > move.sentOnSocket {
            try? await connection.send(move.message)
        }
    }

    /// The frames skipped a sequence number (or one could not be read): the game is read over REST.
    private func readAfterGap() async {
        try? await reload()
    }
}

/// The parts of `state`, `game_started` and `move_made` the endpoint keeps. A `move_made`'s
/// `seat` is the mover's, so only a `state`'s or `game_started`'s is taken as this player's.
struct GameFrame<View: Decodable & Sendable>: Decodable, Sendable {
    var seq: Int
    var seat: Int?
    var status: String?
    var view: View?
}
