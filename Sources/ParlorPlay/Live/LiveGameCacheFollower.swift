import ParlorAccounts
import ParlorHTTP
import ServiceLifecycle

/// Keeps this node's ``LiveGameCache`` behind no other node for longer than the bus takes: a game
/// that changed anywhere is dropped here when the copy held is older, so the next read loads it.
/// Without this, a REST read on node B would keep answering the game as it was before a move
/// made through node A.
package struct LiveGameCacheFollower: Service {
    package let cache: LiveGameCache
    private let notices: AsyncStream<GameNotice>

    /// Subscribes at once, so no notice published after the node is built is missed.
    package init(cache: LiveGameCache, bus: any GameEventBus) {
        self.cache = cache
        notices = bus.notices()
    }

    package func run() async throws {
        for await notice in notices.cancelOnGracefulShutdown() {
            cache.noticed(notice)
        }
        // The bus stops before this service does and ends the stream first; returning before
        // being told to stop would count as failing.
        if !Task.isCancelled { try? await gracefulShutdown() }
    }
}

extension LiveGameCache {
    /// Brings the copy of `notice`'s game up to what the notice says changed.
    package func noticed(_ notice: GameNotice) {
        switch notice.kind {
        case .moved, .ended:
            guard let seq = notice.seq, advance(by: notice) == nil else { return }
            heard(notice.game, seq: seq)
        case .left:
            guard let user = notice.user else { return remove(notice.game) }
            present(notice.game, user: user, connections: 0, awaySince: notice.at)
        case .reconnected:
            guard let user = notice.user else { return remove(notice.game) }
            present(notice.game, user: user, connections: 1, awaySince: nil)
        case .started, .joined:
            // Seats change without a new seq: a copy from before the change is dropped (the game
            // has no moves to replay yet); the starting or joining node's own copy is kept.
            guard let held = heldCopy(of: notice.game) else { return }
            let current = notice.kind == .started ? held.row.status != .waiting : notice.user.map { held.seatRow(of: $0) != nil } ?? false
            if !current { remove(notice.game) }
        case .chat, .matched, .invited:
            return
        }
    }
}
