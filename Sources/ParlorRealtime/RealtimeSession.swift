import HummingbirdWebSocket
import Logging
import ParlorAccounts
import ParlorPlay

/// Serves one upgraded WebSocket: the client's half of the real-time channel.
///
/// Two tasks share the connection, so that neither can hold the other up: the reader parses and
/// checks inbound messages and turns them into jobs; the writer runs the connection's inbox in
/// order (the only place that calls the game service for this connection and the only one that
/// writes, so `lastSent` advances in order). The connection's own task waits on its signals:
/// either task ending, or an immediate close request (queue overflow, shutdown, or the hub's
/// ``HubWatchdog`` finding a client that stopped reading). The first that decides the connection
/// is over ends both tasks, then the subscriptions are released and the socket is closed with a
/// bounded wait, since a client that never reads could otherwise pin the close frame forever.
/// (A third task used to wait for close requests; every idle socket paid for its stack.)
struct RealtimeSession: Sendable {
    /// How a connection ended, as the task that noticed first reports it.
    enum Ending: Sendable {
        /// The server closes with this code and reason.
        case close(RealtimeClose)
        /// The client closed, or the socket broke.
        case peerClosed
        /// Reading failed (a protocol violation); rethrown so the framework closes with its code.
        case failed(any Error)
    }

    let hub: RealtimeHub
    let connection: HubConnection
    /// The user authenticated by the upgrade request's `Authorization` header, if it had one.
    let preauthenticated: AuthenticatedUser?
    let logger: Logger

    var play: any RealtimePlay { hub.play }
    var configuration: RealtimeConfiguration { hub.configuration }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        if let user = preauthenticated { accept(user) }
        let ending = await withTaskGroup(of: Void.self, returning: Ending?.self) { group in
            group.addTask { connection.taskEnded(await readLoop(inbound)) }
            group.addTask { connection.taskEnded(await writeLoop(outbound)) }
            var ending: Ending?
            var running = 2
            // A task that ends with nil leaves the decision to the other (the reader after
            // queueing a close behind an error frame, so the writer sends both in order).
            for await signal in connection.signals {
                switch signal {
                case .close(let close): ending = .close(close)
                case .taskEnded(let result): (ending, running) = (result, running - 1)
                }
                if ending != nil || running == 0 { break }
            }
            group.cancelAll()
            return ending
        }
        connection.finish()
        let (games, followed) = hub.remove(connection)
        if let user = connection.user {
            for game in games { await play.unsubscribe(user: user, game: game) }
            if followed, let social = hub.social { await social.signedOut(user: user.userID) }
        }
        switch ending {
        case .close(let close):
            logger.debug("closing real-time connection", metadata: ["reason": "\(close.reason)"])
            await closeSocket(outbound, close)
        case .failed(let error):
            throw error
        case .peerClosed, nil:
            break
        }
    }

    /// Marks the connection as `user`'s and queues `welcome`, which is therefore its first frame.
    func accept(_ user: AuthenticatedUser) {
        hub.identify(connection, as: user.userID)
        connection.markAuthenticated(as: user)
        connection.enqueue(.authenticated(user))
    }

    /// Writes the close frame, but gives up after `closeTimeout`: the cancelled write then lets the
    /// framework drop the TCP connection instead of waiting on a client that never reads.
    private func closeSocket(_ outbound: WebSocketOutboundWriter, _ close: RealtimeClose) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await outbound.close(close.code, reason: close.reason) }
            group.addTask { try? await Task.sleep(for: configuration.closeTimeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
