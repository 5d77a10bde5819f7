import Foundation
import ParlorAPI

/// The real-time connection's messages, split for the screens that want them: one stream per
/// game (its state, moves, players, end, chat, and errors about it), and one for the user
/// (match found, invitations, friends' presence, achievements). A stream ends when its consumer
/// stops iterating it, or when the connection closes.
public actor RealtimeEvents {
    public nonisolated let connection: RealtimeConnection
    private var games: [UUID: [UUID: AsyncStream<RealtimeInbound>.Continuation]] = [:]
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

    /// The user's own messages from now on.
    public func user() -> AsyncStream<RealtimeInbound> {
        start()
        let (stream, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self, bufferingPolicy: .unbounded)
        let id = UUID()
        users[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.dropUser(id) } }
        return stream
    }

    func route(_ message: RealtimeInbound) {
        if let game = message.routedGame {
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

    private func dropUser(_ id: UUID) { users[id] = nil }

    private func finishAll() {
        for listeners in games.values { for continuation in listeners.values { continuation.finish() } }
        for continuation in users.values { continuation.finish() }
        games = [:]
        users = [:]
    }
}

extension ParlorClient {
    /// A real-time connection on this client's session (its token, refreshed as needed), started,
    /// with its messages split per game and for the user. Nil when the server URL is not http(s).
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
