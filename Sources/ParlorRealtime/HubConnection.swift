import Foundation
import NIOCore
import NIOWebSocket
import ParlorAPI
import ParlorAccounts
import ParlorEvents
import ParlorPlay
import Synchronization

/// One open WebSocket as the hub and the connection's session share it.
///
/// Its heart is the inbox: one bounded, ordered queue of everything this connection must still
/// do (render a notice, answer a subscribe, send frames), run one job at a time by its
/// ``RealtimeSession``. The hub only enqueues, never renders or writes, so one slow client never
/// delays another; and because subscribe answers and notice rendering run in inbox order,
/// `lastSent` advances in order and no event is sent twice or lost. A full inbox means the client
/// cannot keep up: the connection is closed instead of buffering without limit.
///
/// A task runs the inbox only while it holds jobs: the first job into an empty inbox starts one,
/// and it ends when the inbox is empty again. An idle socket holds no task, so none of the
/// kilobytes of suspended frames a task keeps.
final class HubConnection: Sendable {
    typealias ID = UInt64

    /// A unit of work for the session.
    enum Job: Sendable {
        /// The user is authenticated: send `welcome`, then serve game messages.
        case authenticated(AuthenticatedUser)
        case frames([OutgoingFrame])
        case notice(Notice)
        /// A game command of the client's (subscribe, unsubscribe, resign, chat).
        case command(RealtimeCommand)
        /// A move, timed from its frame being read.
        case move(MoveCommand, receivedAt: ContinuousClock.Instant)
        /// Send nothing more; close the socket with this code once everything before is written.
        case close(RealtimeClose)
    }

    private struct State {
        var user: AuthenticatedUser?
        /// `user != nil`, read by every watchdog round without copying the user.
        var authenticated = false
        var writeStartedAt: ContinuousClock.Instant?
        /// The authentication deadline passed and the client was told (once).
        var lapsed = false
        /// The socket's channel, once its session serves it: the watchdog pings through it.
        var channel: (any Channel)?
        var pingedAt: ContinuousClock.Instant?
        /// A close was asked for: the channel is dropped and never attached again.
        var closing = false
    }

    private struct Inbox {
        var jobs = CircularBuffer<Job>(initialCapacity: 2)
        var deepest = 0
        /// The task running the jobs, nil while there are none.
        var drainer: Task<Void, Never>?
        /// Who runs the jobs; the session and the connection refer to each other until ``finish()``.
        var session: RealtimeSession?
        /// A close asked for before a session was bound, which the session then performs.
        var pendingClose: RealtimeClose?
        var finished = false
    }

    let id: ID
    let openedAt = ContinuousClock.now
    private let limit: Int
    private let state = Mutex(State())
    private let inbox = Mutex(Inbox())
    /// When a frame last arrived, in nanoseconds after ``openedAt``; written by the socket's
    /// event loop for every frame, so an atomic rather than the lock.
    private let heardAt = Atomic<Int64>(0)

    init(id: ID, queueLimit: Int) {
        self.id = id
        self.limit = max(queueLimit, 1)
    }

    /// Queues `job`, starting a task to run it if none is running; false when the connection is
    /// closing or the queue is full, in which case the connection is being closed as too slow.
    @discardableResult
    func enqueue(_ job: Job) -> Bool {
        let queued = inbox.withLock { inbox -> Bool? in
            guard !inbox.finished else { return false }
            guard inbox.jobs.count < limit else { return nil }
            inbox.jobs.append(job)
            inbox.deepest = max(inbox.deepest, inbox.jobs.count)
            Self.startDrainer(&inbox)
            return true
        }
        guard let queued else {
            requestClose(.queueFull)
            return false
        }
        return queued
    }

    private static func startDrainer(_ inbox: inout Inbox) {
        guard inbox.drainer == nil, !inbox.jobs.isEmpty, let session = inbox.session else { return }
        inbox.drainer = session.hub.work.start(on: session.executor) { await session.drain() }
    }

    /// The session's next job; nil once the inbox is empty or finished, and then the task that
    /// asked is no longer the drainer (the next job starts another).
    func nextJob() -> Job? {
        inbox.withLock { inbox in
            if !inbox.finished, let job = inbox.jobs.popFirst() { return job }
            inbox.drainer = nil
            // A burst's room is given back rather than kept by an idle socket.
            if inbox.jobs.capacity > 16 { inbox.jobs = CircularBuffer(initialCapacity: 2) }
            return nil
        }
    }

    /// The next job when it is a move notice of `game`, taken out of turn order only in that it
    /// joins the job before it; nil for any other next job.
    func nextJob(ifMoveOf game: UUID) -> Job? {
        inbox.withLock { inbox in
            guard !inbox.finished, case .notice(let notice) = inbox.jobs.first, case .moved(game, _, _)? = notice.as(GameNotice.self) else { return nil }
            return inbox.jobs.popFirst()
        }
    }

    /// Hands the inbox to `session`, which runs whatever is queued already; answers the close
    /// asked for before then, if any, for the session to perform instead.
    func bind(_ session: RealtimeSession) -> RealtimeClose? {
        inbox.withLock { inbox in
            if let close = inbox.pendingClose { return close }
            guard !inbox.finished else { return nil }
            inbox.session = session
            Self.startDrainer(&inbox)
            return nil
        }
    }

    /// Asks the session to close the socket with `close`, now, skipping whatever is still queued
    /// (the queue may be what is stuck).
    func requestClose(_ close: RealtimeClose) {
        stopHeartbeat()
        let session = inbox.withLock { inbox -> RealtimeSession? in
            if inbox.session == nil, !inbox.finished, inbox.pendingClose == nil { inbox.pendingClose = close }
            return inbox.session
        }
        session?.end(.close(close))
    }

    /// Stops taking jobs and drops those queued; answers the task running one, for the session to
    /// cancel.
    func finish() -> Task<Void, Never>? {
        stopHeartbeat()
        return inbox.withLock { inbox in
            inbox.finished = true
            inbox.jobs.removeAll()
            inbox.session = nil
            return inbox.drainer
        }
    }

    /// No job queued and no task running them: what every idle socket should be.
    var isIdle: Bool { inbox.withLock { $0.drainer == nil && $0.jobs.isEmpty } }

    /// The signed-in user, once the upgrade header or an `authenticate` message named one.
    var user: AuthenticatedUser? { state.withLock { $0.user } }
    var isAuthenticated: Bool { user != nil }

    func markAuthenticated(as user: AuthenticatedUser) {
        state.withLock { state in
            state.user = user
            state.authenticated = true
        }
    }

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

    /// A frame arrived (see ``RealtimeChannelHandler``).
    func heard(at now: ContinuousClock.Instant = .now) {
        let elapsed = (now - openedAt).components
        heardAt.store(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000, ordering: .relaxed)
    }

    var lastHeard: ContinuousClock.Instant { openedAt + .nanoseconds(heardAt.load(ordering: .relaxed)) }

    /// The watchdog's round: a client that has not authenticated by the deadline is told so and
    /// closed once everything before is written; one that has had a write pending for longer than
    /// `idleTimeout` has stopped reading (its socket buffers are full) and is closed at once. One
    /// silent for a `heartbeat` is pinged, and one silent for two (the ping unanswered) is closed.
    ///
    /// One lock and no copies unless something is due: a round looks at every socket of the node.
    func inspect(at now: ContinuousClock.Instant, authenticationTimeout: Duration, idleTimeout: Duration, heartbeat period: Duration) {
        let sinceHeard = now - lastHeard
        let (ping, close, lapsed) = state.withLock { state -> ((any Channel)?, RealtimeClose?, Bool) in
            var ping: (any Channel)?
            var close: RealtimeClose?
            if state.channel != nil {
                switch RealtimeHeartbeat.decide(sinceHeard: sinceHeard, sincePinged: state.pingedAt.map { now - $0 }, period: period) {
                case .ping:
                    state.pingedAt = now
                    ping = state.channel
                case .close: close = .pingTimeout
                case .none: break
                }
            }
            let lapsed = !state.authenticated && !state.lapsed && now - openedAt >= authenticationTimeout
            if lapsed { state.lapsed = true }
            if let started = state.writeStartedAt, now - started > idleTimeout { close = close ?? .writeStalled }
            return (ping, close, lapsed)
        }
        ping?.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer()), promise: nil)
        if lapsed {
            let seconds = authenticationTimeout.components.seconds
            enqueue(.frames([RealtimeFrames.error(.unauthorized, "authenticate within \(seconds) s")]))
            enqueue(.close(.authenticationTimeout))
        }
        if let close { requestClose(close) }
    }

    /// The most jobs ever waiting at once: it never exceeds the configured limit.
    var deepestQueue: Int { inbox.withLock { $0.deepest } }
}
