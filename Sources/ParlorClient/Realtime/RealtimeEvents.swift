import Foundation
import ParlorAPI

/// The real-time connection's messages, split for the screens that want them: one stream per
/// game (its state, moves, players, end, chat, and errors about it), one per TopDog draft room
/// (its `draft_state`, each `draft_event`, and the error refusing it), and one for the user
/// (match found, invitations, friends' presence, achievements). A stream ends when its consumer
/// stops iterating it, or when the connection closes.
public actor RealtimeEvents {
    public nonisolated let connection: RealtimeConnection
    private var games: [UUID: [UUID: AsyncStream<RealtimeInbound>.Continuation]] = [:]
    private var rooms: [UUID: [UUID: AsyncStream<RealtimeInbound>.Continuation]] = [:]
    private var users: [UUID: AsyncStream<RealtimeInbound>.Continuation] = [:]
    private var pump: Task<Void, Never>?

    public init(connection: RealtimeConnection) {
        self.connection = connection
    }

    /// Starts routing (once); the connection must have been started.
    public func start() {
        guard pump == nil else { return }
        let inbound = connection.inbound
        // Holds the router until the connection closes: whoever holds only a stream still hears.
        pump = Task {
            for await message in inbound { self.route(message) }
            self.finishAll()
        }
    }

    /// `game`'s messages from now on; subscribes the connection to the game (resuming across drops).
    public func game(_ game: UUID) async throws -> AsyncStream<RealtimeInbound> {
        start()
        let (stream, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self, bufferingPolicy: .unbounded)
        let id = UUID()
        games[game, default: [:]][id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.dropGame(game, id) } }
        try await connection.subscribe(game: game)
        return stream
    }

    /// Draft room `room`'s messages from now on; subscribes the connection to the room (resuming
    /// across drops: the `draft_state` after a reconnect carries the events missed meanwhile).
    public func draft(_ room: UUID) async throws -> AsyncStream<RealtimeInbound> {
        start()
        let (stream, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self, bufferingPolicy: .unbounded)
        let id = UUID()
        rooms[room, default: [:]][id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.dropRoom(room, id) } }
        try await connection.subscribe(room: room)
        return stream
    }

    /// The user's own messages from now on.
    public func user() -> AsyncStream<RealtimeInbound> {
        start()
        let (stream, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self, bufferingPolicy: .unbounded)
        let id = UUID()
        users[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.dropUser(id) } }
        return stream
    }

    /// Hands `message` to whoever listens for it. Package-visible so the SDK's tests can put a
    /// frame in front of a consumer exactly as the connection would (a gap, say).
    package func route(_ message: RealtimeInbound) {
        if let room = message.room ?? refusedRoom(message) {
            for continuation in rooms[room]?.values ?? [:].values { continuation.yield(message) }
        } else if let game = message.routedGame {
            for continuation in games[game]?.values ?? [:].values { continuation.yield(message) }
        } else {
            for continuation in users.values { continuation.yield(message) }
        }
    }

    private func dropGame(_ game: UUID, _ id: UUID) async {
        games[game]?[id] = nil
        if games[game]?.isEmpty == true {
            games[game] = nil
            await connection.unsubscribe(game: game)
        }
    }

    private func dropRoom(_ room: UUID, _ id: UUID) async {
        rooms[room]?[id] = nil
        if rooms[room]?.isEmpty == true {
            rooms[room] = nil
            await connection.unsubscribe(room: room)
        }
    }

    /// The room an `error` refuses: the server names a refused room in the error's `game`.
    private func refusedRoom(_ message: RealtimeInbound) -> UUID? {
        guard message.type == .error, let id = message.envelope.game, games[id] == nil, rooms[id] != nil else { return nil }
        return id
    }

    private func dropUser(_ id: UUID) { users[id] = nil }

    private func finishAll() {
        for listeners in games.values { for continuation in listeners.values { continuation.finish() } }
        for listeners in rooms.values { for continuation in listeners.values { continuation.finish() } }
        for continuation in users.values { continuation.finish() }
        games = [:]
        rooms = [:]
        users = [:]
    }
}

extension ParlorClient {
    /// A real-time connection on this client's session (its token, refreshed as needed), started,
    /// with its messages split per game, per draft room and for the user. Nil when the server URL is not http(s).
    public func realtime(reconnectDelay: (@Sendable (Int) -> Duration)? = nil) async -> RealtimeEvents? {
        guard let url = RealtimeConnectionConfiguration.webSocketURL(server: serverURL) else { return nil }
        let session = self.session
        var configuration = RealtimeConnectionConfiguration(url: url, accessToken: { try await session.accessToken() })
        if let reconnectDelay { configuration.reconnectDelay = reconnectDelay }
        let events = RealtimeEvents(connection: await RealtimeConnection.connect(configuration: configuration))
        await events.start()
        return events
    }
}
