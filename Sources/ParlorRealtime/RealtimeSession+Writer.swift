import Foundation
import HummingbirdWebSocket
import Metrics
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// The writer: the connection's one serial task. It alone calls the game service for this
/// connection's jobs and alone writes to the socket, in inbox order; that order is what makes a
/// notice that races a `subscribe` arrive exactly once (it is rendered after the subscribe's
/// `state`, with `render(after:)` skipping what the state already covered).
extension RealtimeSession {
    /// What the writer keeps; local to its task, so it needs no lock.
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

    func writeLoop(_ outbound: WebSocketOutboundWriter) async -> Ending? {
        var state = OutboundState()
        for await job in connection.jobs {
            switch await performAlone(job, state, outbound) {
            case .next(let after): state = after
            case .stop(let ending): return ending
            }
        }
        return nil
    }

    /// After a job: go on with the writer's state, or stop, with the ending when there is one.
    private enum Step: Sendable {
        case next(OutboundState)
        case stop(Ending?)
    }

    /// Runs one job in a child task of its own. A task keeps the most stack it ever used for as
    /// long as it lives, and this loop lives as long as the connection: run here, one `subscribe`
    /// left every idle socket holding kilobytes of stack it would never use again.
    private func performAlone(_ job: HubConnection.Job, _ state: OutboundState, _ outbound: WebSocketOutboundWriter) async -> Step {
        await withTaskGroup(of: Step.self) { group in
            group.addTask {
                var state = state
                do {
                    if let ending = try await perform(job, &state, outbound) { return .stop(ending) }
                    return .next(state)
                } catch {
                    // Cancelled (the connection is ending) or the socket is gone: either way, done.
                    return .stop(Task.isCancelled ? nil : .peerClosed)
                }
            }
            return await group.next() ?? .stop(nil)
        }
    }

    private func perform(_ job: HubConnection.Job, _ state: inout OutboundState, _ outbound: WebSocketOutboundWriter)
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
            try await send([RealtimeFrames.welcome(user: user.userID, heartbeat: configuration.heartbeatSeconds)] + presence, outbound)
            return nil
        }
        if case .frames(let frames) = job {
            try await send(frames, outbound)
            return nil
        }
        if case .close(let close) = job { return .close(close) }
        // Everything else is game work, which the reader only queues once authenticated.
        guard let user = state.user else { return nil }
        switch job {
        case .notice(let notice):
            try await render(notice, for: user, &state, outbound)
        case .command(.subscribe(let game, let since)):
            try await subscribe(game, since: since, for: user, &state, outbound)
        case .command(.unsubscribe(let game)):
            guard state.lastSent.removeValue(forKey: game) != nil else { return nil }
            hub.unregister(connection, game: game)
            await play.unsubscribe(user: user, game: game)
        case .move(let move, let receivedAt):
            try await send(await play.move(user: user, command: move), outbound)
            Self.moveTimer.recordNanoseconds((ContinuousClock.now - receivedAt).nanoseconds)
        case .command(.resign(let game, let moveID)):
            try await send(await play.resign(user: user, game: game, moveId: moveID), outbound)
        case .command(.chat(let game, let text)):
            try await send(await play.chat(user: user, game: game, text: text), outbound)
        case .command(.draftSubscribe(let room, let since)):
            try await subscribe(room: room, since: since, for: user, &state, outbound)
        case .command(.draftUnsubscribe(let room)):
            guard state.lastSent.removeValue(forKey: room) != nil else { return nil }
            hub.unregister(connection, room: room)
        case .command(.authenticate), .command(.ping), .command(.move), .authenticated, .frames, .close:
            // The reader answers these itself, or turns them into other jobs.
            break
        }
        return nil
    }

    private func render(_ notice: GameNotice, for user: AuthenticatedUser, _ state: inout OutboundState, _ outbound: WebSocketOutboundWriter)
        async throws
    {
        if case .draft(let room, let seq, let events) = notice {
            guard let after = state.lastSent[room], let drafts = hub.drafts else { return }
            let rendered = await drafts.render(room: room, seq: seq, events: events, after: after)
            state.lastSent[room] = rendered.lastSent
            try await send(rendered.frames, outbound)
            return
        }
        if let social = hub.social, let frames = try await socialFrames(notice, for: user, social) {
            try await send(frames, outbound)
            return
        }
        let subscribed = notice.game.flatMap { state.lastSent[$0] }
        // Game events only reach subscribers; a match or an invitation reaches the user whether or not subscribed.
        guard subscribed != nil || notice.recipient != nil else { return }
        let rendered = await play.render(notice, for: user, after: subscribed ?? Self.nothingSent)
        if subscribed != nil, let game = notice.game { state.lastSent[game] = rendered.lastSent }
        try await send(rendered.frames, outbound)
    }

    /// The frames of a social notice; nil for any other notice.
    private func socialFrames(_ notice: GameNotice, for user: AuthenticatedUser, _ social: any RealtimeSocial) async throws -> [OutgoingFrame]? {
        switch notice {
        case .presenceChanged(let friend):
            return await social.presence(of: friend)
        case .friendsChanged(let changed):
            guard changed == user.userID else { return [] }
            hub.follow(connection, presenceOf: await social.friends(of: user.userID))
            return [.encoding(RealtimeFriendsChanged())]
        case .achievementUnlocked(let unlocker, let game, let key):
            return unlocker == user.userID ? social.achievement(game: game, key: key) : []
        default:
            return nil
        }
    }

    /// Registers with the hub before asking for the state, so nothing published in between is
    /// missed: such a notice waits in the inbox behind this job and is rendered above `seq`.
    private func subscribe(
        _ game: UUID, since: Int?, for user: AuthenticatedUser, _ state: inout OutboundState, _ outbound: WebSocketOutboundWriter
    ) async throws {
        try await follow(game, isRoom: false, &state, outbound) { await play.subscribe(user: user, game: game, since: since) }
    }

    /// A draft room's subscription, kept the same way as a game's.
    private func subscribe(
        room: UUID, since: Int?, for user: AuthenticatedUser, _ state: inout OutboundState, _ outbound: WebSocketOutboundWriter
    ) async throws {
        guard let drafts = hub.drafts else {
            try await send([RealtimeFrames.error(.unsupported, "this server runs no drafts")], outbound)
            return
        }
        try await follow(room, isRoom: true, &state, outbound) { await drafts.subscribe(user: user, room: room, since: since) }
    }

    /// Follows a game or a draft room (they share the per-connection limit): registered with the
    /// hub first, then `answer` gives the state frames and the sequence number they carry, or
    /// nil when refused, which unregisters a subscription this connection did not already hold.
    private func follow(
        _ id: UUID, isRoom: Bool, _ state: inout OutboundState, _ outbound: WebSocketOutboundWriter,
        answer: () async -> (frames: [OutgoingFrame], seq: Int?)
    ) async throws {
        let known = state.lastSent[id] != nil
        guard known || state.lastSent.count < configuration.maxSubscriptions else {
            let message = "at most \(configuration.maxSubscriptions) games per connection; unsubscribe from one first"
            try await send([RealtimeFrames.error(.rateLimited, message, game: id)], outbound)
            return
        }
        if isRoom { hub.register(connection, room: id) } else { hub.register(connection, game: id) }
        let answered = await answer()
        if let seq = answered.seq {
            state.lastSent[id] = seq
        } else if !known {
            if isRoom { hub.unregister(connection, room: id) } else { hub.unregister(connection, game: id) }
        }
        try await send(answered.frames, outbound)
    }

    /// Writes `frames`, letting the watchdog see how long each write waits on the client.
    private func send(_ frames: [OutgoingFrame], _ outbound: WebSocketOutboundWriter) async throws {
        for frame in frames {
            connection.writeStarted()
            defer { connection.writeFinished() }
            try await outbound.writeTextMessage(frame.text)
        }
    }
}
