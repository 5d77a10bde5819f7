import Foundation
import ParlorAPI
import ParlorClient
import Synchronization

/// What a bot's game loop reacts to.
enum BotEvent: Sendable {
    case message(RealtimeInbound)
    /// A clock tick, for time-outs and the end of the run.
    case tick
    /// The bot's connection gave up reconnecting.
    case connectionEnded
}

/// Hands a bot's inbound messages to the game it is playing now. Each game opens a fresh stream
/// before subscribing, so nothing of it is lost and nothing of an earlier game leaks in.
final class BotInbox: Sendable {
    private let current = Mutex<AsyncStream<BotEvent>.Continuation?>(nil)

    func open() -> AsyncStream<BotEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: BotEvent.self, bufferingPolicy: .unbounded)
        let previous = current.withLock { slot in
            let previous = slot
            slot = continuation
            return previous
        }
        previous?.finish()
        return stream
    }

    func yield(_ event: BotEvent) {
        current.withLock { _ = $0?.yield(event) }
    }

    func close() {
        current.withLock { slot in
            slot?.finish()
            slot = nil
        }
    }
}

/// One signed-in guest on the SDK, as an app is: a `ParlorClient` whose session signs its REST
/// calls, and the real-time connection on that session with its messages split per game
/// (`RealtimeEvents`), kept open for the whole run.
final class LoadtestBot: Sendable {
    let deviceID: String
    let name: String
    let client: ParlorClient
    let events: RealtimeEvents
    let inbox = BotInbox()
    private let alive = Mutex(true)

    init(deviceID: String, name: String, client: ParlorClient, webSocket: URL) {
        self.deviceID = deviceID
        self.name = name
        self.client = client
        let session = client.session
        events = RealtimeEvents(
            connection: RealtimeConnection(
                configuration: RealtimeConnectionConfiguration(
                    url: webSocket, accessToken: { try await session.accessToken() },
                    reconnectDelay: RealtimeConnectionConfiguration.exponentialBackoff(initial: .milliseconds(50), maximum: .seconds(2)),
                    maxConsecutiveFailures: 8)))
    }

    var connection: RealtimeConnection { events.connection }
    var isAlive: Bool { alive.withLock { $0 } }

    /// Starts the socket; when it ends for good the current game hears `connectionEnded`.
    func start() async {
        await connection.start()
        let ended = await events.user()
        let inbox = inbox
        Task { [self] in
            for await _ in ended {}
            alive.withLock { $0 = false }
            inbox.yield(.connectionEnded)
        }
    }

    /// `game`'s messages into the inbox until the returned task is cancelled (which also
    /// unsubscribes); nil when the connection is closed.
    func follow(_ game: UUID) async -> Task<Void, Never>? {
        guard let stream = try? await events.game(game) else { return nil }
        let inbox = inbox
        return Task {
            for await message in stream { inbox.yield(.message(message)) }
        }
    }
}
