import Foundation
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import ServiceLifecycle

/// Keeps this node's presence row fresh and sweeps nodes that have gone quiet: their players'
/// connections are taken out of the totals, and a player left with none is announced as gone
/// (`player_left`, and the grace period starts), as if their socket had closed.
///
/// A node judges others only while its own heartbeats are regular: after a database outage every
/// node is "late", and the first to recover must not sweep the rest.
package struct NodePresenceService: Service {
    package let presence: PresenceService
    package let heartbeat: Duration
    package let timeout: Duration
    /// Called when other nodes swept this one although it is alive (it was stalled or cut off
    /// for longer than `timeout`): its connections are no longer counted.
    package let swept: @Sendable () async -> Void

    package init(presence: PresenceService, heartbeat: Duration, timeout: Duration, swept: @escaping @Sendable () async -> Void) {
        self.presence = presence
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.swept = swept
    }

    package func run() async throws {
        var lastBeat: Int64?
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                lastBeat = try await beat(after: lastBeat)
            } catch {
                presence.logger.warning("node presence heartbeat failed", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: heartbeat) }
        }
    }

    /// One heartbeat, then a sweep if this node has been beating regularly; the beat's time.
    private func beat(after lastBeat: Int64?) async throws -> Int64 {
        let now = presence.millis
        let node = presence.node
        let known = try await presence.database.withConnection { sql in try await NodePresenceStore.heartbeat(node, at: now, on: sql) }
        if !known, lastBeat != nil {
            presence.logger.error("other nodes took this node for dead; its connections are closed so they are counted again")
            await swept()
        }
        if let lastBeat, now - lastBeat <= timeout.milliseconds {
            try await presence.sweepSilentNodes(before: now - timeout.milliseconds, at: now)
        }
        try await presence.database.withConnection { sql in try await NodePresenceStore.prune(node, on: sql) }
        return now
    }
}

extension PresenceService {
    /// Sweeps every node not seen since `cutoff`, and announces the players it leaves with no connection.
    package func sweepSilentNodes(before cutoff: Int64, at now: Int64) async throws {
        let (gone, offline) = try await database.transaction { sql in
            var gone: [NodePresenceStore.Gone] = []
            var offline: [String] = []
            for node in try await NodePresenceStore.silent(since: cutoff, on: sql) {
                offline += try await NodePresenceStore.sweepSockets(of: node, on: sql)
                gone += try await NodePresenceStore.sweep(node, at: now, on: sql)
            }
            return (gone, offline)
        }
        for player in gone { await wentAway(player.user, from: player.game, at: now) }
        for user in Set(offline) { await bus.publish(GameNotice.presenceChanged(user: user)) }
        await dropQuickMatchEntries(ofOffline: Array(Set(offline)))
    }
}
