import Foundation
import ParlorAPI
import ParlorClient
import Synchronization

/// What wakes a bot's seat task: only what it must wait for or act on (messages themselves are
/// handled as they arrive, see ``BotInbox/deliver(_:)``).
enum BotEvent: Sendable {
    /// The seat's turn: think, then send the move it chose.
    case yourTurn
    /// The seat's game is over for it.
    case finished(SeatResult)
    /// A clock tick, for time-outs and the end of the run.
    case tick
    /// The bot's connection gave up reconnecting.
    case connectionEnded
}

/// Hands a bot's inbound messages to the game it is playing now. Each game opens a fresh route
/// before subscribing, so nothing of it is lost and nothing of an earlier game leaks in.
final class BotInbox: Sendable {
    private struct Route {
        var continuation: AsyncStream<BotEvent>.Continuation
        /// Takes in a message on the connection's task; what the seat's task must then do.
        var handler: @Sendable (RealtimeInbound) -> BotEvent?
    }

    private let current = Mutex<Route?>(nil)
    private let connected = Mutex(true)
    /// Whether the game being played waits on a second-scale time-out now (an ack, a retry pause).
    private let waitsOnTime = Atomic(false)

    /// False once the bot's connection has ended for good.
    var isAlive: Bool { connected.withLock { $0 } }

    /// Routes messages to `handler` from now on, and what it decides (with ticks and the end of
    /// the connection) to the stream returned.
    func open(handler: @escaping @Sendable (RealtimeInbound) -> BotEvent?) -> AsyncStream<BotEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: BotEvent.self, bufferingPolicy: .unbounded)
        let previous = current.withLock { slot in
            let previous = slot
            slot = Route(continuation: continuation, handler: handler)
            return previous
        }
        previous?.continuation.finish()
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
    /// at 1,000 games, ticking each every second would be four ticks per move.
    func tick(coarse: Bool) {
        guard coarse || waitsOnTime.load(ordering: .relaxed) else { return }
        yield(.tick)
    }

    /// A message off the socket, handled on the connection's task; the seat's task hears of it
    /// only when it has something to do.
    func deliver(_ message: RealtimeInbound) {
        current.withLock { route in
            guard let route, let event = route.handler(message) else { return }
            route.continuation.yield(event)
        }
    }

    func yield(_ event: BotEvent) {
        current.withLock { _ = $0?.continuation.yield(event) }
    }

    /// The connection ended for good: the current game hears `connectionEnded`.
    func connectionEnded() {
        connected.withLock { $0 = false }
        yield(.connectionEnded)
    }

    func close() {
        current.withLock { slot in
            slot?.continuation.finish()
            slot = nil
        }
    }
}

/// One signed-in guest on the SDK, as an app is: a `ParlorClient` whose session signs its REST
/// calls, and the real-time connection on that session, kept open for the whole run.
///
/// A bot plays one game at a time, so the connection hands its messages straight to the seat
/// playing it (which takes in only that game's), as they come off the socket: no `RealtimeEvents`
/// per-game split, no reader of `inbound` and no wake-up of the seat's task in between, three
/// task switches fewer for most messages, which a generator that must cost a third of the server
/// it measures cannot spare.
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
                    inbox.deliver(message)
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
