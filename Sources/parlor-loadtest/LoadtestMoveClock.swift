import Synchronization

/// When each move of one game was sent, shared by the game's seats, so that the others can time
/// how long it took to reach them (its `move_made`): what a player waits for to see a move, where
/// the round trip to `ack` is what the mover waits for.
final class LoadtestMoveClock: Sendable {
    private struct Sent {
        var at: ContinuousClock.Instant
        var seat: Int
        /// The seats still to see it.
        var watchers: Int
    }

    private let players: Int
    /// By the sequence number the move takes the game to.
    private let sent = Mutex<[Int: Sent]>([:])

    init(players: Int) {
        self.players = players
    }

    /// `seat` sent the move that takes the game to `seq` (a resend keeps the first time).
    func sent(seq: Int, by seat: Int, at instant: ContinuousClock.Instant) {
        guard players > 1 else { return }
        sent.withLock { sent in
            if sent[seq] == nil { sent[seq] = Sent(at: instant, seat: seat, watchers: players - 1) }
        }
    }

    /// `seat` received the `move_made` for `seq`: how long after it was sent, when another seat
    /// sent it from this process.
    func seen(seq: Int, by seat: Int, at instant: ContinuousClock.Instant) -> Duration? {
        sent.withLock { sent in
            guard var move = sent[seq], move.seat != seat else { return nil }
            move.watchers -= 1
            sent[seq] = move.watchers > 0 ? move : nil
            return instant - move.at
        }
    }
}
