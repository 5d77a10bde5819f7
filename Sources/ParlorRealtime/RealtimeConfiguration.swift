import ParlorHTTP
import ParlorPlay

/// The limits of the real-time channel.
///
/// Every connection holds memory and a task on the server, and a client controls how fast it
/// sends and how fast it reads; each limit here bounds one way a client (buggy or hostile) could
/// make the server hold more than its share. Tests shrink the durations instead of sleeping.
public struct RealtimeConfiguration: Sendable {
    /// The largest inbound message; a bigger one closes the connection (1009, message too big).
    public var maxMessageBytes: Int
    /// Jobs (notices to render, frames to send) waiting for one connection. A client that cannot
    /// keep up fills it and is disconnected rather than buffered without limit.
    public var outgoingQueueLimit: Int
    /// Inbound messages a connection may send per second once its burst is spent.
    public var messagesPerSecond: Double
    /// Inbound messages a connection may send at once.
    public var messageBurst: Int
    /// Refused messages (over the rate) after which the connection is closed; the count starts
    /// again once the client pauses long enough to refill its whole burst.
    public var rateLimitStrikes: Int
    /// The period of the server's WebSocket pings, advertised in `welcome`. A client silent for a
    /// heartbeat is pinged (one that pings or sends on its own never is), and one silent for two,
    /// its ping unanswered, is closed (``HubWatchdog``).
    public var heartbeat: Duration
    /// Heartbeats a write to a connection may stay stalled (the client stopped reading) before the
    /// connection is closed.
    public var idleHeartbeats: Int
    /// How long a connection without an `Authorization` header has to send `authenticate`.
    public var authenticationTimeout: Duration
    /// Games one connection may be subscribed to at once.
    public var maxSubscriptions: Int
    /// How long closing waits for the close frame to be written and answered before the TCP
    /// connection is dropped anyway (a client that never reads never answers).
    public var closeTimeout: Duration

    public init(
        maxMessageBytes: Int = 16 * 1024,
        outgoingQueueLimit: Int = 512,
        messagesPerSecond: Double = 30,
        messageBurst: Int = 60,
        rateLimitStrikes: Int = 20,
        heartbeat: Duration = .seconds(20),
        idleHeartbeats: Int = 3,
        authenticationTimeout: Duration = .seconds(10),
        maxSubscriptions: Int = 64,
        closeTimeout: Duration = .seconds(5)
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.outgoingQueueLimit = outgoingQueueLimit
        self.messagesPerSecond = messagesPerSecond
        self.messageBurst = messageBurst
        self.rateLimitStrikes = rateLimitStrikes
        self.heartbeat = heartbeat
        self.idleHeartbeats = idleHeartbeats
        self.authenticationTimeout = authenticationTimeout
        self.maxSubscriptions = maxSubscriptions
        self.closeTimeout = closeTimeout
    }

    /// A write stalled longer than this closes the connection.
    public var idleTimeout: Duration { heartbeat * idleHeartbeats }

    /// How often the ``HubWatchdog`` runs a round: a quarter of the shorter of the heartbeat and
    /// the authentication deadline, so a deadline fires at most a quarter late. Every connection is
    /// looked at once a quarter heartbeat, those still to authenticate every round.
    var watchdogInterval: Duration { max(min(heartbeat, authenticationTimeout) / 4, .milliseconds(10)) }

    /// The heartbeat in whole seconds, as `welcome` states it (at least 1).
    var heartbeatSeconds: Int {
        let components = heartbeat.components
        return max(1, Int(components.seconds) + (components.attoseconds > 0 ? 1 : 0))
    }
}
