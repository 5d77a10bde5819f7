import Foundation
import Logging
import ParlorAPI

/// How a ``RealtimeConnection`` reaches the server and how hard it tries to stay connected.
public struct RealtimeConnectionConfiguration: Sendable {
    /// The WebSocket endpoint, `ws://host:port/ws` or `wss://…/ws`; see ``webSocketURL(server:)``.
    public var url: URL
    /// The current access token, asked for on every (re)connect so a refreshed token is used;
    /// sent as `Authorization: Bearer` on the upgrade request. Nil connects unauthenticated.
    public var accessToken: @Sendable () async throws -> String?
    /// The pause before reconnect attempt `n` (1 after the first failure or drop, 2 after a
    /// second consecutive failure, …). Injectable so tests need not wait.
    public var reconnectDelay: @Sendable (_ attempt: Int) -> Duration
    /// Give up (and end ``RealtimeConnection/inbound``) after this many consecutive attempts that
    /// never opened a socket; nil retries for ever, which suits an app that waits for a network.
    public var maxConsecutiveFailures: Int?
    /// How long the client waits, hearing nothing from the server, before it pings (`ping`,
    /// answered with `pong`); when a second heartbeat passes without a word the socket is closed,
    /// and the connection reconnects and resumes. This is what notices a path that died without a
    /// word (a phone leaving Wi-Fi), where nothing else would for minutes. A socket that hears
    /// frames sends no pings at all (``RealtimeHeartbeat``). Nil: no pings.
    public var heartbeat: Duration?
    /// How the heartbeat waits between its looks at the socket; `Task.sleep` by default.
    /// Injectable for a process that times its waits on its own event loops (the load generator).
    public var pause: @Sendable (Duration) async throws -> Void
    /// The largest frame and message accepted from the server.
    public var maxMessageBytes: Int
    public var logger: Logger

    public init(
        url: URL,
        accessToken: @escaping @Sendable () async throws -> String?,
        reconnectDelay: @escaping @Sendable (_ attempt: Int) -> Duration = Self.exponentialBackoff(),
        maxConsecutiveFailures: Int? = nil,
        heartbeat: Duration? = .seconds(15),
        pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        maxMessageBytes: Int = 1 << 22,
        logger: Logger = Logger(label: "parlor.realtime")
    ) {
        self.url = url
        self.accessToken = accessToken
        self.reconnectDelay = reconnectDelay
        self.maxConsecutiveFailures = maxConsecutiveFailures
        self.heartbeat = heartbeat
        self.pause = pause
        self.maxMessageBytes = maxMessageBytes
        self.logger = logger
    }

    /// The server's WebSocket URL from its HTTP base URL: `http://h:p` becomes `ws://h:p/ws`,
    /// `https` becomes `wss`. Nil when `server` is not an http(s) URL with a host.
    public static func webSocketURL(server: URL) -> URL? {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false), components.host != nil else {
            return nil
        }
        switch components.scheme?.lowercased() {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: return nil
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + RealtimeProtocol.path
        components.query = nil
        return components.url
    }

    /// Exponential backoff with full jitter: attempt `n` waits a uniformly random time between
    /// zero and `initial · 2ⁿ⁻¹` (at most `maximum`). Many clients dropped together (a server
    /// restart) spread their returns over the whole window instead of arriving in waves.
    public static func exponentialBackoff(
        initial: Duration = .milliseconds(200), maximum: Duration = .seconds(15)
    ) -> @Sendable (Int) -> Duration {
        { attempt in fullJitter(attempt: attempt, initial: initial, maximum: maximum, unit: Double.random(in: 0...1)) }
    }

    /// The backoff window for `attempt` scaled by `unit` (0…1): the deterministic half of
    /// ``exponentialBackoff(initial:maximum:)``, for tests.
    public static func fullJitter(attempt: Int, initial: Duration, maximum: Duration, unit: Double) -> Duration {
        let doublings = min(max(attempt - 1, 0), 30)
        let window = min(initial * (1 << doublings), maximum)
        return window * min(max(unit, 0), 1)
    }
}

/// Why a ``RealtimeConnection`` refused to send.
public enum RealtimeConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No socket is open right now; the connection is reconnecting. Subscriptions are kept and
    /// renewed on their own; a move may be sent again (with the same move id) once reconnected.
    case notConnected
    /// ``RealtimeConnection/close()`` was called, or reconnecting was given up.
    case closed
    /// The message did not encode to JSON.
    case unencodable(String)

    public var description: String {
        switch self {
        case .notConnected: "the real-time connection is not open (reconnecting)"
        case .closed: "the real-time connection is closed"
        case .unencodable(let reason): "the message does not encode: \(reason)"
        }
    }
}

/// Counters for monitoring and load tests.
public struct RealtimeConnectionStatistics: Sendable, Equatable {
    /// Sockets opened (upgrade accepted).
    public var connects = 0
    /// Open sockets lost other than by ``RealtimeConnection/close()`` (``RealtimeConnection/killSocket()`` included).
    public var disconnects = 0
    /// Attempts that never opened a socket (refused, unreachable, upgrade rejected).
    public var failedAttempts = 0
    /// Game events not delivered because an earlier copy was.
    public var droppedRepeats = 0
    /// Subscriptions sent again after a reconnect or a gap in a game's sequence.
    public var resubscriptions = 0
    /// Pings sent because the server had been silent for a heartbeat.
    public var heartbeatPings = 0
    /// Frames written to a socket (subscriptions, moves and heartbeat pings included), so a
    /// caller can count what one of its operations cost on the wire.
    public var messagesSent = 0

    public init() {}
}
