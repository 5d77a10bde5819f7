import Logging
import NIOCore
import ParlorAccounts
import ParlorPlay
import Synchronization

/// Serves one upgraded WebSocket: the client's half of the real-time channel.
///
/// It has two halves, neither of which can hold the other up. The reader runs on the socket's
/// event loop, inside ``RealtimeChannelHandler``: it parses and checks every inbound message and
/// turns the acceptable ones into jobs. The jobs run in the connection's inbox order on a task
/// that exists only while there are jobs (``HubConnection``): the only place that calls the game
/// service for this connection and the only one that writes, so `lastSent` advances in order.
///
/// Whoever first decides the connection is over calls ``end(_:)``: the client (a close frame,
/// or a socket gone), a job (`close` behind an error frame), or someone outside (queue overflow,
/// shutdown, or the hub's ``HubWatchdog`` finding a client that stopped reading). That stops the
/// jobs, releases the subscriptions and closes the socket with a bounded wait, since a client
/// that never reads could otherwise pin the close frame forever. No task waits on an idle
/// socket: a suspended task's frames are memory every idle connection would hold.
final class RealtimeSession: Sendable {
    /// How a connection ended, as whoever noticed first reports it.
    enum Ending: Sendable {
        /// The server closes with this code and reason.
        case close(RealtimeClose)
        /// The client closed, or the socket broke.
        case peerClosed
    }

    /// Sent down the socket's pipeline to ``RealtimeChannelHandler``, which writes the close frame.
    struct CloseRequest: Sendable {
        let close: RealtimeClose
    }

    let hub: RealtimeHub
    let connection: HubConnection
    let channel: any Channel
    /// Where the jobs run: the socket's own event loop, so that their writes need no hop.
    let executor: EventLoopTaskExecutor
    /// The user authenticated by the upgrade request's `Authorization` header, if it had one.
    let preauthenticated: AuthenticatedUser?
    let logger: Logger
    /// What the jobs keep between them; only the one running job touches it.
    let outbound = Mutex(OutboundState())
    private let ended = Atomic<Bool>(false)

    var play: any RealtimePlay { hub.play }
    var configuration: RealtimeConfiguration { hub.configuration }

    init(hub: RealtimeHub, connection: HubConnection, channel: any Channel, preauthenticated: AuthenticatedUser?, logger: Logger) {
        self.hub = hub
        self.connection = connection
        self.channel = channel
        executor = EventLoopTaskExecutor.on(channel.eventLoop)
        self.preauthenticated = preauthenticated
        self.logger = logger
    }

    /// Starts serving once the socket's handler is in place: `welcome` first when the upgrade
    /// authenticated the user.
    func start() {
        connection.attach(channel)
        if let close = connection.bind(self) {
            end(.close(close))
            return
        }
        if let user = preauthenticated { accept(user) }
    }

    /// Marks the connection as `user`'s and queues `welcome`, which is therefore its first frame.
    func accept(_ user: AuthenticatedUser) {
        hub.identify(connection, as: user.userID)
        connection.markAuthenticated(as: user)
        connection.enqueue(.authenticated(user))
    }

    /// Runs the inbox's jobs until it is empty, on the task the connection started for them.
    func drain() async {
        while let job = connection.nextJob() {
            var state = outbound.withLock { $0 }
            let ending: Ending?
            do {
                ending = try await perform(job, &state)
            } catch {
                // Cancelled (the connection is ending) or the socket is gone: either way, done.
                ending = Task.isCancelled ? nil : .peerClosed
            }
            outbound.withLock { $0 = state }
            if let ending {
                end(ending)
                return
            }
            if Task.isCancelled { return }
        }
    }

    /// Ends the connection, once: no more jobs (the one running is cancelled), the hub forgets it,
    /// its subscriptions are released, and the socket is closed with `ending`'s code.
    func end(_ ending: Ending) {
        guard ended.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        connection.finish()?.cancel()
        let (games, followed) = hub.remove(connection)
        let close: RealtimeClose? = if case .close(let close) = ending { close } else { nil }
        guard let user = connection.user, !games.isEmpty || followed else {
            if let close { closeSocket(close) }
            return
        }
        // Released before the close frame goes out, so a client that reconnects on seeing it is
        // counted again after, never before, this socket is counted out (and the hub's shutdown
        // waits for this too).
        let play = self.play
        let social = followed ? hub.social : nil
        let releasing = hub.work.start { [self] in
            for game in games { await play.unsubscribe(user: user, game: game) }
            await social?.signedOut(user: user.userID)
            if let close { closeSocket(close) }
        }
        // The hub has stopped: nothing can be released any more, but the socket still closes.
        if releasing == nil, let close { closeSocket(close) }
    }

    private func closeSocket(_ close: RealtimeClose) {
        logger.debug("closing real-time connection", metadata: ["reason": "\(close.reason)"])
        channel.triggerUserOutboundEvent(CloseRequest(close: close), promise: nil)
    }
}
