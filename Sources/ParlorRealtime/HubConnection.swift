import Foundation
import NIOCore
import NIOWebSocket
import ParlorAccounts
import ParlorPlay
import Synchronization

/// One open WebSocket as the hub and the connection's tasks share it.
///
/// Its heart is the inbox: one bounded, ordered queue of everything this connection must still
/// do on its own serial writer task (render a notice, answer a subscribe, send frames). The hub
/// only enqueues, never renders or writes, so one slow client never delays another; and because
/// subscribe answers and notice rendering run on the same task in order, `lastSent` advances in
/// order and no event is sent twice or lost. A full inbox means the client cannot keep up: the
/// connection is closed instead of buffering without limit.
final class HubConnection: Sendable {
    typealias ID = UInt64

    /// A unit of work for the writer task.
    enum Job: Sendable {
        /// The reader authenticated the user: send `welcome`, then serve game messages.
        case authenticated(AuthenticatedUser)
        case frames([OutgoingFrame])
        case notice(GameNotice)
        /// A game command of the client's (subscribe, unsubscribe, resign, chat).
        case command(RealtimeCommand)
        /// A move, timed from its frame being read.
        case move(MoveCommand, receivedAt: ContinuousClock.Instant)
        /// Send nothing more; close the socket with this code once everything before is written.
        case close(RealtimeClose)
    }

    private struct State {
        var user: AuthenticatedUser?
        var writeStartedAt: ContinuousClock.Instant?
        var deepest = 0
        /// The authentication deadline passed and the client was told (once).
        var lapsed = false
        /// The socket's channel, once its ``HeartbeatHandler`` is in place: the watchdog pings
        /// through it.
        var channel: (any Channel)?
        var pingedAt: ContinuousClock.Instant?
        /// A close was asked for: the channel is dropped and never attached again.
        var closing = false
    }

    /// What a watchdog round does for the heartbeat of one connection.
    enum Heartbeat: Equatable {
        case none
        /// Nothing heard for a heartbeat and no ping for as long: ask for a sign of life.
        case ping
        /// Nothing heard for two heartbeats, so the ping went unanswered: the client or its path is gone.
        case close
    }

    enum Signal: Sendable {
        case close(RealtimeClose)
        case taskEnded(RealtimeSession.Ending?)
    }

    let id: ID
    let openedAt = ContinuousClock.now
    let jobs: AsyncStream<Job>
    private let inbox: AsyncStream<Job>.Continuation
    /// What the session waits on: a close asked for from outside, or one of its tasks ending.
    let signals: AsyncStream<Signal>
    private let signal: AsyncStream<Signal>.Continuation
    private let limit: Int
    private let state = Mutex(State())
    /// When a frame last arrived, in nanoseconds after ``openedAt``; written by the socket's
    /// event loop for every frame, so an atomic rather than the lock.
    private let heardAt = Atomic<Int64>(0)

    init(id: ID, queueLimit: Int) {
        self.id = id
        self.limit = max(queueLimit, 1)
        (jobs, inbox) = AsyncStream.makeStream(of: Job.self, bufferingPolicy: .bufferingOldest(limit))
        // The session stops at the first close, so a burst of later ones (queue overflow while
        // closing) needs no room; a task's ending is never behind more than this.
        (signals, signal) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingOldest(8))
    }

    /// Queues `job`; false when the connection is closing or the queue is full, in which case the
    /// connection is being closed as too slow.
    @discardableResult
    func enqueue(_ job: Job) -> Bool {
        switch inbox.yield(job) {
        case .enqueued(let remaining):
            let depth = limit - remaining
            state.withLock { $0.deepest = max($0.deepest, depth) }
            return true
        case .dropped:
            requestClose(.queueFull)
            return false
        case .terminated:
            return false
        @unknown default:
            return false
        }
    }

    /// Asks the connection's tasks to stop and close the socket with `close`, now, skipping
    /// whatever is still queued (the queue may be what is stuck).
    func requestClose(_ close: RealtimeClose) {
        stopHeartbeat()
        signal.yield(.close(close))
    }

    /// One of the session's tasks is done, with how the connection should end if it decided.
    func taskEnded(_ ending: RealtimeSession.Ending?) {
        signal.yield(.taskEnded(ending))
    }

    /// Stops accepting jobs; called once the connection's tasks are done.
    func finish() {
        stopHeartbeat()
        inbox.finish()
        signal.finish()
    }

    /// The signed-in user, once the upgrade header or an `authenticate` message named one.
    var user: AuthenticatedUser? { state.withLock { $0.user } }
    var isAuthenticated: Bool { user != nil }

    func markAuthenticated(as user: AuthenticatedUser) { state.withLock { $0.user = user } }

    /// The writer brackets every socket write so the watchdog can tell a client that stopped reading.
    func writeStarted() { state.withLock { $0.writeStartedAt = .now } }
    func writeFinished() { state.withLock { $0.writeStartedAt = nil } }
    var writeStartedAt: ContinuousClock.Instant? { state.withLock { $0.writeStartedAt } }

    /// No more pings: the connection is closing (and a later ``attach(_:)`` is ignored).
    private func stopHeartbeat() {
        state.withLock { state in
            state.closing = true
            state.channel = nil
        }
    }

    func attach(_ channel: any Channel) {
        state.withLock { state in
            if !state.closing { state.channel = channel }
        }
    }

    /// A frame arrived (see ``HeartbeatHandler``).
    func heard(at now: ContinuousClock.Instant = .now) {
        let elapsed = (now - openedAt).components
        heardAt.store(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000, ordering: .relaxed)
    }

    var lastHeard: ContinuousClock.Instant { openedAt + .nanoseconds(heardAt.load(ordering: .relaxed)) }

    static func heartbeat(sinceHeard: Duration, sincePinged: Duration?, period: Duration) -> Heartbeat {
        if sinceHeard >= period * 2 { return .close }
        if sinceHeard >= period, sincePinged.map({ $0 >= period }) ?? true { return .ping }
        return .none
    }

    /// The watchdog's round: a client that has not authenticated by the deadline is told so and
    /// closed once everything before is written; one that has had a write pending for longer than
    /// `idleTimeout` has stopped reading (its socket buffers are full) and is closed at once. One
    /// silent for a `heartbeat` is pinged, and one silent for two (the ping unanswered) is closed.
    func inspect(at now: ContinuousClock.Instant, authenticationTimeout: Duration, idleTimeout: Duration, heartbeat period: Duration) {
        let sinceHeard = now - lastHeard
        let (heartbeat, channel) = state.withLock { state -> (Heartbeat, (any Channel)?) in
            guard let channel = state.channel else { return (.none, nil) }
            let heartbeat = Self.heartbeat(sinceHeard: sinceHeard, sincePinged: state.pingedAt.map { now - $0 }, period: period)
            if heartbeat == .ping { state.pingedAt = now }
            return (heartbeat, channel)
        }
        switch heartbeat {
        case .ping: channel?.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer()), promise: nil)
        case .close: requestClose(.pingTimeout)
        case .none: break
        }
        let lapsed = state.withLock { state in
            guard state.user == nil, !state.lapsed, now - openedAt >= authenticationTimeout else { return false }
            state.lapsed = true
            return true
        }
        if lapsed {
            let seconds = authenticationTimeout.components.seconds
            enqueue(.frames([RealtimeFrames.error(.unauthorized, "authenticate within \(seconds) s")]))
            enqueue(.close(.authenticationTimeout))
        }
        if let started = writeStartedAt, now - started > idleTimeout { requestClose(.writeStalled) }
    }

    /// The most jobs ever waiting at once: it never exceeds the configured limit.
    var deepestQueue: Int { state.withLock { $0.deepest } }
}
