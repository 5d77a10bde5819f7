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
    private let connected = Mutex(true)
    /// Whether the game being played waits on a second-scale time-out now (an ack, a retry pause).
    private let waitsOnTime = Atomic(false)

    /// False once the bot's connection has ended for good.
    var isAlive: Bool { connected.withLock { $0 } }

    func open() -> AsyncStream<BotEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: BotEvent.self, bufferingPolicy: .unbounded)
        let previous = current.withLock { slot in
            let previous = slot
            slot = continuation
            return previous
        }
        previous?.finish()
        waitsOnTime.store(false, ordering: .relaxed)
        return stream
    }

    /// Set by the game after each event: while nothing of it times out within seconds, it is
    /// ticked only on the run's coarse ticks (its other time-outs are half a minute or more).
    func waitOnTime(_ waits: Bool) {
        waitsOnTime.store(waits, ordering: .relaxed)
    }

    /// A tick of the run's clock; `coarse` ticks reach every game, the others only a game that
    /// waits on time. Every tick is a wake-up of the game's task, and most games wait on nothing:
    /// at 1,000 games ticking each every second was four ticks per move.
    func tick(coarse: Bool) {
        guard coarse || waitsOnTime.load(ordering: .relaxed) else { return }
        yield(.tick)
    }

    func yield(_ event: BotEvent) {
        current.withLock { _ = $0?.yield(event) }
    }

    /// The connection ended for good: the current game hears `connectionEnded`.
    func connectionEnded() {
        connected.withLock { $0 = false }
        yield(.connectionEnded)
    }

    func close() {
        current.withLock { slot in
            slot?.finish()
            slot = nil
        }
    }
}

/// One signed-in guest on the SDK, as an app is: a `ParlorClient` whose session signs its REST
/// calls, and the real-time connection on that session, kept open for the whole run.
///
/// A bot plays one game at a time, so the connection hands its messages straight to the inbox
/// of the game being played (which keeps only that game's), as they come off the socket: no
/// `RealtimeEvents` per-game split and no reader of `inbound` in between, two task switches fewer
/// for every message, which a generator that must cost a third of the server it measures cannot spare.
final class LoadtestBot: Sendable {
    let deviceID: String
    let name: String
    let client: ParlorClient
    let connection: RealtimeConnection
    let inbox: BotInbox

    init(deviceID: String, name: String, client: ParlorClient, webSocket: URL) {
        self.deviceID = deviceID
        self.name = name
        self.client = client
        let session = client.session
        let inbox = BotInbox()
        self.inbox = inbox
        connection = RealtimeConnection(
            configuration: RealtimeConnectionConfiguration(
                url: webSocket, accessToken: { try await session.accessToken() },
                reconnectDelay: RealtimeConnectionConfiguration.exponentialBackoff(initial: .milliseconds(50), maximum: .seconds(2)),
                maxConsecutiveFailures: 8,
                // The heartbeat's looks are timed by the bot's event loop, as its thinking is.
                pause: { try await EventLoopSleep.sleep(for: $0) }),
            receiver: { delivery in
                switch delivery {
                case .message(let message):
                    inbox.yield(.message(message))
                case .ended:
                    inbox.connectionEnded()
                }
            })
    }

    var isAlive: Bool { inbox.isAlive }

    func start() async {
        await connection.start()
    }

    /// Subscribes to `game` (again after every reconnect); false when the connection is closed.
    func follow(_ game: UUID) async -> Bool {
        (try? await connection.subscribe(game: game)) != nil
    }

    func unfollow(_ game: UUID) async { await connection.unsubscribe(game: game) }
}
