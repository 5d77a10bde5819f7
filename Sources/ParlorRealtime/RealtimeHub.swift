import Foundation
import Logging
import ParlorAccounts
import ParlorEvents
import ParlorPlay
import ServiceLifecycle
import Synchronization

/// ParlorRealtime: the WebSocket channel (`GET /ws`) — hub, sessions, limits, and the encoding of
/// every game message (``PlayChannel``).
///
/// The registry of this node's real-time connections, and the router of game notices to them.
///
/// It knows connections by id, by user and by subscribed game. The bus hands it each notice on
/// the bus's delivering task, and it only enqueues it on the connections concerned (every
/// connection of the user for `.matched` and `.invited`, every subscriber of the game otherwise): rendering
/// happens on each connection's own task, so one slow render never holds up everybody else.
/// It is a `Service`: on graceful shutdown it stops routing and closes every socket.
package final class RealtimeHub: Service, Sendable {
    private struct State {
        var nextID: HubConnection.ID = 1
        var connections: [HubConnection.ID: HubConnection] = [:]
        var userOf: [HubConnection.ID: String] = [:]
        var byUser: [String: Set<HubConnection.ID>] = [:]
        var gamesOf: [HubConnection.ID: Set<UUID>] = [:]
        /// Draft rooms share the subscription index with games (ids never collide) but are
        /// released without telling online play.
        var roomsOf: [HubConnection.ID: Set<UUID>] = [:]
        var byGame: [UUID: Set<HubConnection.ID>] = [:]
        /// Whose presence each signed-in connection follows (its user's friends), and the reverse.
        var followedBy: [HubConnection.ID: Set<String>] = [:]
        var followers: [String: Set<HubConnection.ID>] = [:]
        var shuttingDown = false
        /// Connections not yet authenticated: the watchdog's short rounds look at these only.
        var unauthenticated: Set<HubConnection.ID> = []
        /// When the watchdog next looks at every connection, for the heartbeat.
        var nextFullRound: ContinuousClock.Instant?
    }

    package let play: any RealtimePlay
    package let drafts: (any RealtimeDrafts)?
    package let social: (any RealtimeSocial)?
    package let bus: any EventBus
    package let configuration: RealtimeConfiguration
    package let logger: Logger
    private let state = Mutex(State())
    private let watchdog = HubWatchdog()
    /// The tasks the sockets start; shutdown waits for them.
    let work = HubWork()
    /// Taken at once, so nothing published before ``run()`` starts is missed.
    private let subscription = Mutex<NoticeSubscription?>(nil)

    package init(
        play: any RealtimePlay, drafts: (any RealtimeDrafts)? = nil, social: (any RealtimeSocial)? = nil, bus: any EventBus,
        configuration: RealtimeConfiguration = .init(), logger: Logger
    ) {
        self.play = play
        self.drafts = drafts
        self.social = social
        self.bus = bus
        self.configuration = configuration
        self.logger = logger
        // Weak: a hub that is never run must not be kept alive by its bus.
        let subscription = bus.subscribe { [weak self] notice in self?.dispatch(notice) }
        self.subscription.withLock { $0 = subscription }
    }

    deinit { subscription.withLock { $0 }?.cancel() }

    /// Routes notices until graceful shutdown (or cancellation), then closes every connection and
    /// waits for the work their sockets started. The bus may stop first (it stops before the hub);
    /// the hub still serves its sockets until it is told to stop itself.
    package func run() async throws {
        try? await gracefulShutdown()
        subscription.withLock { $0 }?.cancel()
        let open = state.withLock { state in
            state.shuttingDown = true
            return Array(state.connections.values)
        }
        watchdog.stop()
        logger.debug("closing real-time connections", metadata: ["count": "\(open.count)"])
        for connection in open { connection.requestClose(.shuttingDown) }
        await work.waitUntilIdle()
    }

    /// Closes every open connection with `close`; the clients reconnect.
    package func closeAll(_ close: RealtimeClose) {
        let open = state.withLock { Array($0.connections.values) }
        logger.warning("closing every real-time connection", metadata: ["count": "\(open.count)", "reason": "\(close.reason)"])
        for connection in open { connection.requestClose(close) }
    }

    /// Hands `notice` to the connections its audience names, without waiting for any of them.
    package func dispatch(_ notice: Notice) {
        let targets: [HubConnection] = state.withLock { state in
            let ids: Set<HubConnection.ID>
            switch notice.audience {
            case .followers(let user): ids = state.followers[user] ?? []
            case .user(let user): ids = state.byUser[user] ?? []
            case .subscribers(let id): ids = state.byGame[id] ?? []
            case .services: ids = []
            }
            return ids.compactMap { state.connections[$0] }
        }
        if let account = notice.as(AccountNotice.self) {
            let close: RealtimeClose = if case .closed = account { .accountClosed } else { .signedOut }
            for connection in targets where connection.user.map({ account.ends(session: $0.sessionID) }) ?? true {
                connection.requestClose(close)
            }
            return
        }
        for connection in targets { connection.enqueue(.notice(notice)) }
    }

    // MARK: Registry

    /// A new connection, or nil while the server shuts down.
    func open() -> HubConnection? {
        let opened = state.withLock { state -> HubConnection? in
            guard !state.shuttingDown else { return nil }
            let connection = HubConnection(id: state.nextID, queueLimit: configuration.outgoingQueueLimit)
            state.nextID += 1
            state.connections[connection.id] = connection
            state.unauthenticated.insert(connection.id)
            return connection
        }
        if opened != nil { watchdog.start(for: self) }
        return opened
    }

    /// The watchdog's round: every open connection once a quarter heartbeat, for the heartbeat
    /// and stalled writes; in between, those still to authenticate, for their shorter deadline
    /// (looking at every idle socket every round is what an idle server would spend its CPU on).
    func inspectConnections(at now: ContinuousClock.Instant) {
        let open = state.withLock { state in
            guard let next = state.nextFullRound, now < next else {
                state.nextFullRound = now + configuration.heartbeat / 4
                return Array(state.connections.values)
            }
            return state.unauthenticated.compactMap { state.connections[$0] }
        }
        for connection in open {
            connection.inspect(
                at: now, authenticationTimeout: configuration.authenticationTimeout, idleTimeout: configuration.idleTimeout,
                heartbeat: configuration.heartbeat)
        }
    }

    /// Files `connection` under `user`, so notices addressed to them (`.matched`, `.invited`) reach it.
    func identify(_ connection: HubConnection, as user: String) {
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return }
            state.unauthenticated.remove(connection.id)
            state.userOf[connection.id] = user
            state.byUser[user, default: []].insert(connection.id)
        }
    }

    /// Starts routing `game`'s notices to `connection`; false when it already was.
    @discardableResult
    func register(_ connection: HubConnection, game: UUID) -> Bool {
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return false }
            state.byGame[game, default: []].insert(connection.id)
            return state.gamesOf[connection.id, default: []].insert(game).inserted
        }
    }

    func unregister(_ connection: HubConnection, game: UUID) {
        state.withLock { state in
            state.gamesOf[connection.id]?.remove(game)
            Self.remove(connection.id, from: &state.byGame, key: game)
        }
    }

    /// Starts routing a draft room's notices to `connection`.
    func register(_ connection: HubConnection, room: UUID) {
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return }
            state.byGame[room, default: []].insert(connection.id)
            state.roomsOf[connection.id, default: []].insert(room)
        }
    }

    func unregister(_ connection: HubConnection, room: UUID) {
        state.withLock { state in
            state.roomsOf[connection.id]?.remove(room)
            Self.remove(connection.id, from: &state.byGame, key: room)
        }
    }

    /// Makes `connection` follow the presence of `users` (and no one else).
    func follow(_ connection: HubConnection, presenceOf users: [String]) {
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return }
            for user in state.followedBy[connection.id] ?? [] { Self.remove(connection.id, from: &state.followers, key: user) }
            state.followedBy[connection.id] = Set(users)
            for user in users { state.followers[user, default: []].insert(connection.id) }
        }
    }

    /// Forgets `connection`; returns the games it was registered for, which the caller unsubscribes,
    /// and whether it had signed in socially (followed presence), which the caller signs out.
    func remove(_ connection: HubConnection) -> (games: Set<UUID>, followed: Bool) {
        state.withLock { state in
            let followed = state.followedBy.removeValue(forKey: connection.id)
            for user in followed ?? [] { Self.remove(connection.id, from: &state.followers, key: user) }
            state.connections[connection.id] = nil
            state.unauthenticated.remove(connection.id)
            if let user = state.userOf.removeValue(forKey: connection.id) {
                Self.remove(connection.id, from: &state.byUser, key: user)
            }
            let games = state.gamesOf.removeValue(forKey: connection.id) ?? []
            for game in games { Self.remove(connection.id, from: &state.byGame, key: game) }
            for room in state.roomsOf.removeValue(forKey: connection.id) ?? [] { Self.remove(connection.id, from: &state.byGame, key: room) }
            return (games, followed != nil)
        }
    }

    private static func remove<Key: Hashable>(_ id: HubConnection.ID, from index: inout [Key: Set<HubConnection.ID>], key: Key) {
        index[key]?.remove(id)
        if index[key]?.isEmpty == true { index[key] = nil }
    }

    // MARK: Introspection (metrics and tests)

    package var connectionCount: Int { state.withLock { $0.connections.count } }

    /// What a stopping hub still waits for, for a stop that overran its deadline to report.
    package var shutdownDetail: String {
        "\(connectionCount) sockets open, \(work.running) socket tasks running"
    }

    func connections(of user: String) -> [HubConnection] {
        state.withLock { state in (state.byUser[user] ?? []).compactMap { state.connections[$0] } }
    }

    package func subscriberCount(of game: UUID) -> Int { state.withLock { $0.byGame[game]?.count ?? 0 } }
}
