import Foundation
import GameCore
import Logging
import ParlorAPI
import WSClient

/// The client's one WebSocket to `/ws`, kept open across network drops.
///
/// Messages arrive on ``inbound`` in order. Per subscribed game the connection remembers the
/// last sequence number it delivered; after an unexpected disconnect it reconnects (with
/// ``RealtimeConnectionConfiguration/reconnectDelay``), subscribes every game again with that
/// number as `since`, holds live events until the answering `state` (which carries the missed
/// moves) and drops any event delivered before. So a consumer never sees a game event twice and,
/// through the `state`, never misses one. TopDog draft rooms resume the same way
/// (``subscribe(room:)``: `draft_subscribe` with the last event number, `draft_state` with the
/// events missed).
///
/// Call ``close()`` when done: until then the connection keeps itself alive.
public actor RealtimeConnection {
    /// Everything the server sends, `welcome` on every (re)connect included. Ends after ``close()``
    /// or when reconnecting is given up (``lastFailure`` says why). Empty, and ended, for a
    /// connection made with a receiver (``init(configuration:receiver:)``).
    public nonisolated let inbound: AsyncStream<RealtimeInbound>
    /// Where messages go: ``inbound``'s continuation, or the receiver the connection was made with.
    private let receiver: @Sendable (RealtimeDelivery) -> Void
    let configuration: RealtimeConnectionConfiguration

    var ledger = RealtimeResumeLedger()
    /// The socket being opened or open; replaced on every attempt so frames from a dead one
    /// (or one killed by ``killSocket()``) are ignored.
    var current: Socket?
    var generation = 0
    var openedGeneration = 0
    var isClosed = false
    private var deliveryEnded = false
    private var loop: Task<Void, Never>?
    public internal(set) var statistics = RealtimeConnectionStatistics()
    /// The last reason a connect attempt failed or a socket ended, for diagnostics.
    public internal(set) var lastFailure: String?

    struct Socket {
        var generation: Int
        var task: Task<String?, Never>?
        var outbound: WebSocketOutboundWriter?
        var welcomed = false
        /// When a frame last came off this socket (or it opened), and when the heartbeat last
        /// pinged the server: see ``RealtimeHeartbeat``.
        var lastHeard = ContinuousClock.now
        var pingedAt: ContinuousClock.Instant?
        /// The heartbeat gave this socket up.
        var lapsed = false
    }


    public init(configuration: RealtimeConnectionConfiguration) {
        self.configuration = configuration
        let (inbound, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self, bufferingPolicy: .unbounded)
        self.inbound = inbound
        receiver = { delivery in
            switch delivery {
            case .message(let message): continuation.yield(message)
            case .ended: continuation.finish()
            }
        }
    }

    /// A connection that hands every message to `receiver` as it comes off the socket, in order,
    /// and then `.ended` once, instead of queueing them on ``inbound``. The receiver runs on the
    /// connection's own task, so it must not wait; what it spares is the task switch to a reader
    /// of ``inbound`` on every message (a load generator's hundreds of connections feel it).
    public init(configuration: RealtimeConnectionConfiguration, receiver: @escaping @Sendable (RealtimeDelivery) -> Void) {
        self.configuration = configuration
        let (inbound, continuation) = AsyncStream.makeStream(of: RealtimeInbound.self)
        continuation.finish()
        self.inbound = inbound
        self.receiver = receiver
    }

    /// Creates a connection and starts connecting; see ``start()``.
    public static func connect(configuration: RealtimeConnectionConfiguration) async -> RealtimeConnection {
        let connection = RealtimeConnection(configuration: configuration)
        await connection.start()
        return connection
    }

    /// Starts connecting in the background; `welcome` on ``inbound`` says the socket is open.
    /// Messages sent before then fail with ``RealtimeConnectionError/notConnected``; subscriptions
    /// are kept and sent once the server has welcomed the client.
    public func start() {
        guard loop == nil, !isClosed else { return }
        loop = Task { await self.run() }
    }

    /// Whether a socket is open and the server has sent `welcome`.
    public var isConnected: Bool { current?.welcomed ?? false }

    /// The last sequence number delivered for `game`, nil before its first event.
    public func lastSeq(of game: UUID) -> Int? { ledger.lastSeq(game) }

    /// Encodes `message` (any of the `Realtime…` client messages) as one JSON text frame and sends it.
    ///
    /// Waits while the socket's send buffer is full. Throws ``RealtimeConnectionError/notConnected``
    /// when no socket is open or it died under the write, and `CancellationError` when the calling
    /// task is cancelled during that wait (the frame was not sent; the socket stays open).
    public nonisolated func send(_ message: some Encodable) async throws {
        let text: String
        do {
            // Written in one pass rather than through `JSONEncoder`'s tree: a load generator sends
            // thousands of messages a second through connections like this one.
            text = String(decoding: try DirectJSONEncoder().encodeOrFallback(message), as: UTF8.self)
        } catch {
            throw RealtimeConnectionError.unencodable(String(describing: error))
        }
        try await writeFrame(text)
    }

    /// Receives `game`'s events from now on, and again after every reconnect (resuming from the
    /// last delivered sequence). Subscribing again to a game asks for what was missed.
    public func subscribe(game: UUID) async throws {
        guard !isClosed else { throw RealtimeConnectionError.closed }
        let since = ledger.subscribe(game)
        guard isConnected else { return }  // sent with the others on `welcome`
        try? await send(RealtimeSubscribe(game: game, since: since))
    }

    /// Stops receiving `game`'s events and forgets its sequence number.
    public func unsubscribe(game: UUID) async {
        ledger.unsubscribe(game)
        guard isConnected else { return }
        try? await send(RealtimeUnsubscribe(game: game))
    }

    /// Receives TopDog draft room `room`'s events from now on (a `draft_state`, then each
    /// `draft_event`), and again after every reconnect, resuming from the last delivered event.
    public func subscribe(room: UUID) async throws {
        guard !isClosed else { throw RealtimeConnectionError.closed }
        let since = ledger.subscribe(room: room)
        guard isConnected else { return }  // sent with the others on `welcome`
        try? await send(RealtimeDraftSubscribe(room: room, since: since))
    }

    /// Stops receiving `room`'s events and forgets its sequence number.
    public func unsubscribe(room: UUID) async {
        ledger.unsubscribe(room: room)
        guard isConnected else { return }
        try? await send(RealtimeDraftUnsubscribe(room: room))
    }

    /// The last event number delivered for draft room `room`, nil before its `draft_state`.
    public func lastSeq(ofRoom room: UUID) -> Int? { ledger.lastSeq(room: room) }

    /// Kills the socket at once, as a dead network path would: anything the server sends on it
    /// from now on is lost, and the connection reconnects and resumes as after any other drop.
    /// For tests of resume.
    public func killSocket() {
        guard let socket = current else { return }
        current = nil
        socket.task?.cancel()
    }

    /// Closes the socket (with a close frame), stops reconnecting and ends ``inbound``.
    public func close() async {
        if !isClosed {
            isClosed = true
            let socket = current
            current = nil
            socket?.task?.cancel()
            loop?.cancel()
        }
        await loop?.value
        finishInbound()
    }

    func writeFrame(_ text: String) async throws {
        guard let outbound = current?.outbound else {
            throw isClosed ? RealtimeConnectionError.closed : RealtimeConnectionError.notConnected
        }
        do {
            try await outbound.write(.text(text))
            statistics.messagesSent += 1
        } catch is CancellationError {
            // The sender was cancelled while the write waited for the socket to drain (a server
            // under load reads slowly): the frame was not sent, and the socket is fine.
            throw CancellationError()
        } catch {
            throw RealtimeConnectionError.notConnected
        }
    }

    func deliver(_ inbound: RealtimeInbound) { receiver(.message(inbound)) }

    /// Ends delivery, once: the connection closed or gave up.
    func finishInbound() {
        guard !deliveryEnded else { return }
        deliveryEnded = true
        receiver(.ended)
    }
}

/// What a connection made with a receiver hands it: each message, then the end.
public enum RealtimeDelivery: Sendable {
    case message(RealtimeInbound)
    /// The connection was closed, or gave up reconnecting (``RealtimeConnection/lastFailure``
    /// says why): nothing follows.
    case ended
}
