import HummingbirdWebSocket
import Logging
import ParlorAccounts
import ParlorPlay

/// Serves one upgraded WebSocket: the client's half of the real-time channel.
///
/// Three tasks share the connection, so that no one of them can hold the others up:
/// the reader parses and checks inbound messages and turns them into jobs; the writer runs the
/// connection's inbox in order (the only place that calls the game service for this connection
/// and the only one that writes, so `lastSent` advances in order); the third waits for an
/// immediate close request (queue overflow, shutdown, or the hub's ``HubWatchdog`` finding a
/// client that stopped reading). The first to decide the connection is over ends all three, then
/// the subscriptions are released and the socket is closed with a bounded wait, since a client
/// that never reads could otherwise pin the close frame forever.
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
        let ending = await withTaskGroup(of: Ending?.self, returning: Ending?.self) { group in
            group.addTask { await readLoop(inbound) }
            group.addTask { await writeLoop(outbound) }
            group.addTask {
                for await close in connection.closeRequests { return .close(close) }
                return nil
            }
            var ending: Ending?
            // A task that returns nil is done but leaves the decision to the others (the reader
            // after queueing a close behind an error frame, so the writer sends both in order).
            while let result = await group.next() {
                if let result {
                    ending = result
                    break
                }
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
