import Foundation
import Synchronization

/// This node's copy of recently used games, so a move does not replay the record from the
/// database. It is only a cache: every write checks the stored `seq`, and a node that finds its
/// copy behind reloads it.
final class LiveGameCache: Sendable {
    private let games = Mutex<[UUID: LiveGame]>([:])
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    func get(_ id: UUID) -> LiveGame? { games.withLock { $0[id] } }

    /// Keeps `game` unless the cache already holds a later version of it.
    func put(_ game: LiveGame) {
        games.withLock { games in
            if let held = games[game.id], held.row.seq > game.row.seq { return }
            if games.count >= capacity, games[game.id] == nil {
                // Finished games go first; they are only read for late renders.
                if let finished = games.first(where: { $0.value.row.status == .completed })?.key {
                    games.removeValue(forKey: finished)
                } else if let any = games.keys.first {
                    games.removeValue(forKey: any)
                }
            }
            games[game.id] = game
        }
    }

    func remove(_ id: UUID) { _ = games.withLock { $0.removeValue(forKey: id) } }
}
