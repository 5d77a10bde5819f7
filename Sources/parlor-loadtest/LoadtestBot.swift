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

/// One signed-in guest with its own WebSocket, kept for the whole run.
final class LoadtestBot: Sendable {
    let deviceID: String
    let name: String
    let connection: RealtimeConnection
    let inbox = BotInbox()
    private let token: TokenBox
    private let alive = Mutex(true)

    init(deviceID: String, name: String, token: String, webSocket: URL) {
        self.deviceID = deviceID
        self.name = name
        let box = TokenBox(token)
        self.token = box
        connection = RealtimeConnection(
            configuration: RealtimeConnectionConfiguration(
                url: webSocket, accessToken: { box.value },
                reconnectDelay: RealtimeConnectionConfiguration.exponentialBackoff(initial: .milliseconds(50), maximum: .seconds(2)),
                maxConsecutiveFailures: 8))
    }

    var accessToken: String { token.value }
    var isAlive: Bool { alive.withLock { $0 } }

    /// Signs in again (same device, same guest): the access token lives 15 minutes.
    func refreshToken(_ api: LoadtestAPI) async throws(LoadtestFailure) {
        token.value = try await api.signIn(deviceID: deviceID, name: name)
    }

    /// Starts the socket and forwards its messages to the current game until it ends.
    func start() async {
        await connection.start()
        let connection = connection
        let inbox = inbox
        Task { [self] in
            for await message in connection.inbound { inbox.yield(.message(message)) }
            alive.withLock { $0 = false }
            inbox.yield(.connectionEnded)
        }
    }
}

/// The bot's current access token, read by its connection on every reconnect.
private final class TokenBox: Sendable {
    private let mutex: Mutex<String>
    init(_ token: String) { mutex = Mutex(token) }
    var value: String {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }
}
