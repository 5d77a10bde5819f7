import Foundation
import GameCore
import OpenAPIRuntime
import ParlorAPI

/// The REST half: the first read, the read after a gap, a move while the socket is down (or
/// without one), and the offline queue behind it.
extension OnlineGameEndpoint {
    /// Reads the player's view of the game from the server.
    public func reload() async throws {
        let read = try await parlorCall { [api, gameID] in try await api.getGame(path: .init(gameID: gameID)).ok.body.json }
        try adopt(read)
    }

    /// Sends this game's queued moves (and any others in the queue, in order) if the server can
    /// be reached; refused ones are rolled back and reported. Call it when the network returns.
    @discardableResult
    public func deliverQueued() async -> OfflineMoveQueue.Flush? {
        guard let queue, queuedMoves > 0 else { return nil }
        guard let flush = try? await queue.flush(through: api) else { return nil }
        queuedMoves = await queue.queued.count { $0.game == gameID }
        for (move, error, dropped) in flush.refused where move.game == gameID {
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

    /// A move over `POST /games/{id}/moves`, queued when it gets no answer.
    func performOverREST(_ move: OfflineMoveQueue.Move) async throws(GameError) {
        if queuedMoves > 0, let queue {
            // Behind a queued move: queued too, so the server gets them in the order they were made.
            await keep(move, in: queue)
            return
        }
        switch await send(move) {
        case .success(let answer):
            try? adopt(answer)
            settled(nil)
        case .failure(let error) where error.status == nil && queue != nil:
            // No answer: the server may or may not have the move. Queued with its move id, it is
            // sent again later and played at most once either way.
            if let queue { await keep(move, in: queue) }
        case .failure(let error):
            let refusal = GameError(code: GameError.Code(rawValue: error.code) ?? .desync, message: error.message)
            settled(refusal)
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

    /// The REST form of the game; its view goes through the generated client's untyped value,
    /// so it is written once more and read with the game's own types.
    private func adopt(_ read: Components.Schemas.Game) throws {
        guard read.seq >= seq || authoritative == nil else { return }  // an older answer than the one shown
        let view = try read.view.map { try GameJSON.decoder().decode(Module.View.self, from: try JSONEncoder().encode($0)) }
        let seat: Int?? = .some(read.yourSeat)
        adopt(view: view, at: read.seq, seat: seat, completed: read.status == .completed || read.status == .abandoned)
    }
}
