import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import ServiceLifecycle

/// Waiting games expire: one still waiting `expiry` after it was made is abandoned, as if its
/// creator had cancelled it (``GameService/abandon(_:at:on:_:)``). Every node runs the sweep; on
/// PostgreSQL each sweep locks the games it expires and skips those another node holds, and the
/// write is conditional on the game still waiting, so a game is expired once.
package struct WaitingGameExpiry: Sendable {
    let games: GameService
    package let expiry: Duration

    package init(games: GameService, expiry: Duration) {
        self.games = games
        self.expiry = expiry
    }

    /// Expires up to `limit` waiting games made `expiry` ago or earlier; answers the games it expired.
    @discardableResult
    package func expireDue(limit: Int = 64) async throws -> [UUID] {
        let now = games.millis
        let cutoff = now - expiry.milliseconds
        let games = games
        return try await games.bus.transaction(on: games.database) { sql, announcements in
            var expired: [UUID] = []
            for id in try await PlayStore.waiting(createdBy: cutoff, limit: limit, on: sql) {
                if try await games.abandon(id, at: now, on: sql, announcements) { expired.append(id) }
            }
            return expired
        } committed: { expired in
            for id in expired { games.cache.remove(id) }
        }
    }
}

/// Runs ``WaitingGameExpiry`` on this node every `interval` until the node stops.
package struct WaitingGameExpiryService: Service {
    package let expiry: WaitingGameExpiry
    package let interval: Duration
    static let batch = 64

    package init(expiry: WaitingGameExpiry, interval: Duration) {
        self.expiry = expiry
        self.interval = interval
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                // A full batch means more may be due: sweep again at once.
                while try await expiry.expireDue(limit: Self.batch).count == Self.batch {}
            } catch {
                expiry.games.logger.warning("waiting games were not expired", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
