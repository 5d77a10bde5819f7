import Foundation
import ParlorAccounts
import Synchronization

/// This node's copy of recently used games, so a move does not replay the record from the
/// database. It is only a cache: every write checks the stored `seq`, and a copy older than the
/// newest `seq` heard of on the bus is not served (the next read loads the game again).
package final class LiveGameCache: Sendable {
    private struct Held {
        var games: [UUID: LiveGame] = [:]
        /// The newest seq the bus announced for a held game, when the copy is behind it.
        var heard: [UUID: Int] = [:]
        /// Each game's version after this node's move that is being appended, until the append
        /// answers: its notice, which PostgreSQL sends only once the move is committed, often
        /// arrives first, and adopting this copy then spares replaying the move by the rules.
        var pending: [UUID: LiveGame] = [:]
    }

    private let held = Mutex(Held())
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The copy of `id`, unless the bus has announced a later seq than it holds.
    func get(_ id: UUID) -> LiveGame? {
        held.withLock { held in
            guard let game = held.games[id] else { return nil }
            if let heard = held.heard[id], game.row.seq < heard { return nil }
            return game
        }
    }

    /// The copy of `id` as held, even when the bus has announced a later seq.
    func heldCopy(of id: UUID) -> LiveGame? { held.withLock { $0.games[id] } }

    /// Keeps `game` unless the cache already holds a later version of it: a higher seq, or the
    /// same seq further along (started, or ended). A copy loaded just before a start commits
    /// would otherwise replace the started game with the waiting one.
    func put(_ game: LiveGame) {
        held.withLock { held in
            if let kept = held.games[game.id], (kept.row.seq, kept.row.status.stage) > (game.row.seq, game.row.status.stage) { return }
            if held.games.count >= capacity, held.games[game.id] == nil {
                // Finished games go first; they are only read for late renders.
                let victim = held.games.first(where: { $0.value.row.status == .completed })?.key ?? held.games.keys.first
                if let victim { Self.drop(victim, from: &held) }
            }
            held.games[game.id] = game
            if let heard = held.heard[game.id], heard <= game.row.seq { held.heard[game.id] = nil }
            if let pending = held.pending[game.id], pending.row.seq <= game.row.seq { held.pending[game.id] = nil }
        }
    }

    /// `game` is this node's next version of it, being appended: a notice of exactly its last
    /// move (same seq, seat, action, move id and time) proves it committed, and makes it the
    /// copy (see ``advance(by:)``).
    func expect(_ game: LiveGame) {
        held.withLock { $0.pending[game.id] = game }
    }

    /// The append of `game` answered without committing it (or failed): it is no longer expected.
    func withdraw(_ game: LiveGame) {
        held.withLock { held in
            if held.pending[game.id]?.row.seq == game.row.seq { held.pending[game.id] = nil }
        }
    }

    func remove(_ id: UUID) { held.withLock { Self.drop(id, from: &$0) } }

    /// The bus says `id` is at `seq`: a copy behind it stops being served. The copy is kept,
    /// because the write that made `seq` may be this node's own, about to put its result.
    func heard(_ id: UUID, seq: Int) {
        held.withLock { held in
            guard let game = held.games[id], game.row.seq < seq else { return }
            held.heard[id] = max(held.heard[id] ?? seq, seq)
        }
    }

    /// The held copy advanced by the move `notice` announces, kept and returned; nil when the
    /// copy is not the game just before that move (see ``LiveGame/advanced(by:)``).
    @discardableResult
    func advance(by notice: GameNotice) -> LiveGame? {
        guard let game = notice.game else { return nil }
        if let adopted = adoptPending(game, by: notice) { return adopted }
        guard let advanced = heldCopy(of: game)?.advanced(by: notice) else { return nil }
        put(advanced)
        return get(game)
    }

    /// The expected version of `id`, kept and returned, when `notice` announces its last move.
    private func adoptPending(_ id: UUID, by notice: GameNotice) -> LiveGame? {
        guard case .moved(_, let seq, let move?) = notice else { return nil }
        let adopted = held.withLock { held -> LiveGame? in
            guard let pending = held.pending[id], pending.row.seq == seq, pending.entries.last == move.entry(seq: seq) else { return nil }
            held.pending[id] = nil
            return pending
        }
        guard let adopted else { return nil }
        put(adopted)
        return get(id)
    }

    /// Applies a presence change to the held copy of `id`, if any: how many of `user`'s sockets
    /// follow the game, and since when they have been away.
    func present(_ id: UUID, user: String, connections: Int, awaySince: Int64?) {
        held.withLock { held in
            guard let index = held.games[id]?.seats.firstIndex(where: { $0.user == user }) else { return }
            held.games[id]?.seats[index].connections = connections
            held.games[id]?.seats[index].awaySince = awaySince
        }
    }

    private static func drop(_ id: UUID, from held: inout Held) {
        held.games[id] = nil
        held.heard[id] = nil
        held.pending[id] = nil
    }
}
