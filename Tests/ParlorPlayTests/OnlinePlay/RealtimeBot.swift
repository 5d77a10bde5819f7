import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import Synchronization

/// A player on a socket: it acts whenever its latest view says it may, from that view alone,
/// and records everything it receives so a test can check order, gaps and hidden information.
struct RealtimeBot<Action: Codable & Sendable, View: Codable & Sendable>: Sendable {
    let connection: RealtimeConnection
    let game: UUID
    /// The action to play for `seat` in `view`, or nil when it is not its turn.
    let choose: @Sendable (View, Int, inout GameRandom) -> Action?
    /// Where several bots note when each move was sent and seen, to time its delivery.
    var clock: DeliveryClock?
    /// The node this bot's socket is on, for ``DeliveryClock``.
    var node = 0

    struct Log: Sendable {
        var seqs: [Int] = []
        var frames: [String] = []
        var errors: [String] = []
        var ended: RealtimeGameEnded?
        var seat: Int?
        var lastView: View?
    }

    private struct Probe: Decodable {
        var type: String
        var seq: Int?
        var seat: Int?
        var view: View?
    }

    /// Plays until `game_ended`; the log of what arrived.
    func play(seed: UInt64, kill: (@Sendable (Int) async -> Void)? = nil) async throws -> Log {
        var log = Log()
        var random = GameRandom(seed: GameSeed(seed))
        var sentFor = Set<Int>()
        try await connection.subscribe(game: game)
        for await inbound in connection.inbound where inbound.envelope.game == game || inbound.type == .error {
            log.frames.append(String(decoding: inbound.data, as: UTF8.self))
            let probe = try inbound.decode(Probe.self)
            switch inbound.type {
            case .error: log.errors.append(log.frames.last ?? "")
            case .gameEnded:
                log.ended = try inbound.decode(RealtimeGameEnded.self)
                return log
            case .state, .gameStarted, .moveMade:
                if inbound.type != .moveMade, let seat = probe.seat { log.seat = seat }
                if let seq = probe.seq, probe.view != nil {
                    if inbound.type == .state {
                        // A state after a gap carries the moves missed since the last one seen.
                        let missed = (try? inbound.decode(MissedProbe.self).missed) ?? []
                        log.seqs.append(contentsOf: missed.map(\.seq).filter { $0 < seq && $0 > (log.seqs.last ?? -1) })
                        if seq > (log.seqs.last ?? -1) { log.seqs.append(seq) }
                    } else {
                        log.seqs.append(seq)
                        clock?.seen(seq, on: node)
                    }
                }
                guard let view = probe.view, let seq = probe.seq, let seat = log.seat else { continue }
                log.lastView = view
                if let kill { await kill(seq) }
                // A state (a resume) may follow a move lost with its socket: sending it again under
                // the same move id is safe, as the server applies a move id once.
                if inbound.type == .state { sentFor.remove(seq) }
                if !sentFor.contains(seq), let action = choose(view, seat, &random) {
                    sentFor.insert(seq)
                    clock?.sending(seq + 1, from: node)
                    do {
                        try await connection.send(RealtimeMove(game: game, moveId: "m\(seat)-\(seq)", action: action, seq: seq))
                    } catch RealtimeConnectionError.notConnected {
                        continue  // resent on the state that follows the reconnect
                    }
                }
            default: continue
            }
        }
        return log
    }

    private struct MissedProbe: Decodable {
        struct Entry: Decodable { var seq: Int }
        var missed: [Entry]
    }
}

/// When each move was sent, and how long it took to reach bots on other nodes.
final class DeliveryClock: Sendable {
    private let state = Mutex<(sent: [Int: (node: Int, at: ContinuousClock.Instant)], crossNode: [Duration])>(([:], []))

    func sending(_ seq: Int, from node: Int) {
        let now = ContinuousClock.now
        state.withLock { $0.sent[seq] = (node, now) }
    }

    func seen(_ seq: Int, on node: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard let sent = state.sent[seq], sent.node != node else { return }
            state.crossNode.append(now - sent.at)
        }
    }

    /// Delivery times of moves to players on another node than the mover's, sorted.
    var crossNode: [Duration] { state.withLock { $0.crossNode }.sorted() }
}
