import ParlorAccounts
import ParlorEvents
import ServiceLifecycle

/// Keeps this node's ``LiveGameCache`` behind no other node for longer than the bus takes: a game
/// that changed anywhere is dropped here when the copy held is older, so the next read loads it.
/// Without this, a REST read on node B would keep answering the game as it was before a move
/// made through node A.
package struct LiveGameCacheFollower: Service {
    package let cache: LiveGameCache
    private let subscription: NoticeSubscription

    /// Subscribes at once, so no notice published after the node is built is missed. Each
    /// notice is applied on the bus's delivering task, before the hub hands it to the sockets
    /// (the follower subscribes first), so their renders find the copy already advanced.
    package init(cache: LiveGameCache, bus: any EventBus) {
        self.cache = cache
        subscription = bus.subscribe { [cache] notice in
            if let game = notice.as(GameNotice.self) { cache.noticed(game) }
        }
    }

    /// Follows the bus until graceful shutdown or cancellation.
    package func run() async throws {
        try? await gracefulShutdown()
        subscription.cancel()
    }
}

extension LiveGameCache {
    /// Brings the copy of `notice`'s game up to what the notice says changed.
    package func noticed(_ notice: GameNotice) {
        switch notice {
        case .moved(let game, let seq, _), .ended(let game, let seq):
            guard advance(by: notice) == nil else { return }
            heard(game, seq: seq)
        case .left(let game, let user, _, let at):
            present(game, user: user, connections: 0, awaySince: at)
        case .reconnected(let game, let user, _):
            present(game, user: user, connections: 1, awaySince: nil)
        case .started(let game):
            // Seats change without a new seq: a copy from before the change is dropped (the game
            // has no moves to replay yet); the starting or joining node's own copy is kept.
            if let held = heldCopy(of: game), held.row.status == .waiting { remove(game) }
        case .joined(let game, let user):
            if let held = heldCopy(of: game), held.seatRow(of: user) == nil { remove(game) }
        case .seatsChanged(let game), .abandoned(let game, _):
            remove(game)
        case .chat, .matched, .invited, .presenceChanged:
            return
        }
    }
}
