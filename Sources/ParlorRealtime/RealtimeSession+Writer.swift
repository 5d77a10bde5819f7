import Foundation
import NIOCore
import NIOWebSocket
import Metrics
import ParlorAccounts
import ParlorAPI
import ParlorEvents
import ParlorHTTP
import ParlorPlay
import ParlorSocial
import ParlorSync
import ParlorTopDog

/// The jobs, one at a time in inbox order (``drain()``): the only calls into the game service for
/// this connection and the only writes to its socket. That order is what makes a notice that
/// races a `subscribe` arrive exactly once (it is rendered after the subscribe's `state`, with
/// `render(after:)` skipping what the state already covered).
extension RealtimeSession {
    /// What the jobs keep between them.
    struct OutboundState {
        var user: AuthenticatedUser?
        /// The last sequence number sent per subscribed game; a game is subscribed iff it has one.
        var lastSent: [UUID: Int] = [:]
    }

    /// Made after the Prometheus backend is installed: a metric made before it would stay a no-op
    /// for good (a socket served by a hub outside the application, in a test, came first).
    static let moveTimer: Timer = {
        _ = ParlorMetrics.registry
        return Timer(label: ParlorMetrics.moveSeconds)
    }()

    /// The `after` given to `render` for a game this connection has sent nothing of.
    static let nothingSent = -1

    func perform(_ job: HubConnection.Job, _ state: inout OutboundState)
        async throws -> Ending?
    {
        if case .authenticated(let user) = job {
            state.user = user
            // Friends are followed before `welcome`, so a client that has it hears every later change.
            var presence: [OutgoingFrame] = []
            if let social = hub.social {
                // Followed before counting online, so a close racing this always signs out.
                hub.follow(connection, presenceOf: [])
                let (friends, frames) = await social.signedIn(user: user.userID)
                hub.follow(connection, presenceOf: friends)
                presence = frames
            }
            try await send([RealtimeFrames.welcome(user: user.userID, heartbeat: configuration.heartbeatSeconds)] + presence)
            return nil
        }
        if case .frames(let frames) = job {
            try await send(frames)
            return nil
        }
        if case .close(let close) = job { return .close(close) }
        // Everything else is game work, which the reader only queues once authenticated.
        guard let user = state.user else { return nil }
        switch job {
        case .notice(let notice):
            try await send(await render(notice, for: user, &state))
        case .command(.subscribe(let game, let since)):
            try await subscribe(game, since: since, for: user, &state)
        case .command(.unsubscribe(let game)):
            guard state.lastSent.removeValue(forKey: game) != nil else { return nil }
            hub.unregister(connection, game: game)
            await play.unsubscribe(user: user, game: game)
        case .move(let move, let receivedAt):
            var frames = await play.move(user: user, command: move)
            // This node's subscribers hear its moves as they commit, so the mover's `move_made` is
            // usually queued by now: it leaves with the `ack`, in one write.
            if case .notice(let notice)? = connection.nextJob(ifMoveOf: move.game) {
                frames += try await render(notice, for: user, &state)
            }
            try await send(frames)
            Self.moveTimer.recordNanoseconds((ContinuousClock.now - receivedAt).nanoseconds)
        case .command(.resign(let game, let moveID)):
            try await send(await play.resign(user: user, game: game, moveId: moveID))
        case .command(.chat(let game, let text)):
            try await send(await play.chat(user: user, game: game, text: text))
        case .command(.draftSubscribe(let room, let since)):
            try await subscribe(room: room, since: since, for: user, &state)
        case .command(.leaveGame(let game, let moveID)):
            try await send(await play.leaveGame(user: user, game: game, moveId: moveID))
        case .command(.requestRematch(let game)):
            try await send(await play.requestRematch(user: user, game: game))
        case .command(.draftUnsubscribe(let room)):
            guard state.lastSent.removeValue(forKey: room) != nil else { return nil }
            hub.unregister(connection, room: room)
        case .command(.authenticate), .command(.ping), .command(.move), .authenticated, .frames, .close:
            // The reader answers these itself, or turns them into other jobs.
            break
        }
        return nil
    }

    /// The frames `notice` comes to for this connection: each capability's channel renders its own.
    private func render(_ notice: Notice, for user: AuthenticatedUser, _ state: inout OutboundState)
        async throws -> [OutgoingFrame]
    {
        if let draft = notice.as(DraftNotice.self) {
            guard let after = state.lastSent[draft.room], let drafts = hub.drafts else { return [] }
            let rendered = await drafts.render(room: draft.room, seq: draft.seq, events: draft.events, after: after)
            state.lastSent[draft.room] = rendered.lastSent
            return rendered.frames
        }
        if let notice = notice.as(SocialNotice.self) {
            guard let social = hub.social else { return [] }
            return try await socialFrames(notice, for: user, social)
        }
        if let sync = notice.as(SyncNotice.self) {
            guard sync.user == user.userID else { return [] }
            return [.encoding(RealtimeSyncChanged(changeToken: sync.token, cleared: sync.cleared))]
        }
        guard let game = notice.as(GameNotice.self) else { return [] }
        if case .presenceChanged(let friend) = game {
            return await hub.social?.presence(of: friend) ?? []
        }
        let subscribed = game.game.flatMap { state.lastSent[$0] }
        // Game events only reach subscribers; a match or an invitation reaches the user whether or not subscribed.
        guard subscribed != nil || game.recipient != nil else { return [] }
        let rendered = await play.render(game, for: user, after: subscribed ?? Self.nothingSent)
        if subscribed != nil, let id = game.game { state.lastSent[id] = rendered.lastSent }
        return rendered.frames
    }

    /// The frames of a social notice.
    private func socialFrames(_ notice: SocialNotice, for user: AuthenticatedUser, _ social: any RealtimeSocial) async throws -> [OutgoingFrame] {
        switch notice {
        case .friendsChanged(let changed):
            guard changed == user.userID else { return [] }
            hub.follow(connection, presenceOf: await social.friends(of: user.userID))
            return [.encoding(RealtimeFriendsChanged())]
        case .achievementUnlocked(let unlocker, let game, let key):
            return unlocker == user.userID ? social.achievement(game: game, key: key) : []
        }
    }

    /// Registers with the hub before asking for the state, so nothing published in between is
    /// missed: such a notice waits in the inbox behind this job and is rendered above `seq`.
    private func subscribe(
        _ game: UUID, since: Int?, for user: AuthenticatedUser, _ state: inout OutboundState
    ) async throws {
        try await follow(game, isRoom: false, &state) { await play.subscribe(user: user, game: game, since: since) }
    }

    /// A draft room's subscription, kept the same way as a game's.
    private func subscribe(
        room: UUID, since: Int?, for user: AuthenticatedUser, _ state: inout OutboundState
    ) async throws {
        guard let drafts = hub.drafts else {
            try await send([RealtimeFrames.error(.unsupported, "this server runs no drafts")])
            return
        }
        try await follow(room, isRoom: true, &state) { await drafts.subscribe(user: user, room: room, since: since) }
    }

    /// Follows a game or a draft room (they share the per-connection limit): registered with the
    /// hub first, then `answer` gives the state frames and the sequence number they carry, or
    /// nil when refused, which unregisters a subscription this connection did not already hold.
    private func follow(
        _ id: UUID, isRoom: Bool, _ state: inout OutboundState,
        answer: () async -> (frames: [OutgoingFrame], seq: Int?)
    ) async throws {
        let known = state.lastSent[id] != nil
        guard known || state.lastSent.count < configuration.maxSubscriptions else {
            let message = "at most \(configuration.maxSubscriptions) games per connection; unsubscribe from one first"
            try await send([RealtimeFrames.error(.rateLimited, message, game: id)])
            return
        }
        if isRoom { hub.register(connection, room: id) } else { hub.register(connection, game: id) }
        let answered = await answer()
        if let seq = answered.seq {
            state.lastSent[id] = seq
        } else if !known {
            if isRoom { hub.unregister(connection, room: id) } else { hub.unregister(connection, game: id) }
        }
        try await send(answered.frames)
    }

    /// Writes `frames` and waits until the socket took them, letting the watchdog see how long
    /// that waits on the client. One flush for them all, written at once when the job runs on
    /// the socket's loop (it does, see ``executor``), else after one hop to it.
    private func send(_ frames: [OutgoingFrame]) async throws {
        guard !frames.isEmpty else { return }
        let channel = self.channel
        connection.writeStarted()
        defer { connection.writeFinished() }
        if channel.eventLoop.inEventLoop {
            try await Self.write(frames, to: channel).get()
        } else {
            try await channel.eventLoop.flatSubmit { Self.write(frames, to: channel) }.get()
        }
    }

    private static func write(_ frames: [OutgoingFrame], to channel: any Channel) -> EventLoopFuture<Void> {
        let last = frames.count - 1
        for frame in frames[..<last] { channel.write(textFrame(frame, channel.allocator), promise: nil) }
        return channel.writeAndFlush(textFrame(frames[last], channel.allocator))
    }

    private static func textFrame(_ frame: OutgoingFrame, _ allocator: ByteBufferAllocator) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: allocator.buffer(string: frame.text))
    }
}
