import ServiceLifecycle

/// Keeps this node's ``LiveGameCache`` behind no other node for longer than the bus takes: a game
/// that changed anywhere is dropped here when the copy held is older, so the next read loads it.
/// Without this, a REST read on node B would keep answering the game as it was before a move
/// made through node A.
struct LiveGameCacheFollower: Service {
    let cache: LiveGameCache
    private let notices: AsyncStream<GameNotice>

    /// Subscribes at once, so no notice published after the node is built is missed.
    init(cache: LiveGameCache, bus: any GameEventBus) {
        self.cache = cache
        notices = bus.notices()
    }

    func run() async throws {
        for await notice in notices.cancelOnGracefulShutdown() {
            cache.noticed(notice)
        }
    }
}

extension LiveGameCache {
    /// Drops the copy of `notice`'s game when the notice says it changed after that copy.
    func noticed(_ notice: GameNotice) {
        switch notice.kind {
        case .moved, .ended:
            guard let seq = notice.seq, let held = get(notice.game), held.row.seq < seq else { return }
            remove(notice.game)
        case .started, .joined, .left, .reconnected:
            // Seats and presence change without a new seq.
            remove(notice.game)
        case .chat, .matched:
            return
        }
    }
}
