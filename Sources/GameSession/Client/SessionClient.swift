import GameCore
import Logging

import struct Foundation.Data

/// A client of a local session: `ClientSessionCore` over a `GameTransport`.
public actor SessionClient<Module: GameModule>: SessionPeer {
    public private(set) var core: ClientSessionCore<Module>
    private let transport: any GameTransport
    private let clock: any SessionClock
    private let logger: Logger
    /// Signals every change, for a UI to refresh from (`GameStore` listens).
    public nonisolated let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation
    private var turns = SendTurns()

    public init(
        configuration: ClientConfiguration, host: PeerID, transport: any GameTransport, clock: any SessionClock,
        logger: Logger = Logger(label: "parlor.session.client")
    ) {
        self.core = ClientSessionCore(configuration: configuration, host: host, now: clock.now)
        self.transport = transport
        self.clock = clock
        self.logger = logger
        (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public var phase: ClientPhase { core.phase }
    public var lobby: LobbyInfo? { core.lobby }
    public var view: Module.View? { core.view }

    public func received(_ frame: Data, from peer: PeerID) async {
        guard let message = SessionFrames.decode(frame, from: peer, logger: logger) else { return }
        await send(core.receive(message, from: peer, now: clock.now))
    }

    public func connected(_ peer: PeerID) async {
        await send(core.connected(peer, now: clock.now))
    }

    public func disconnected(_ peer: PeerID) async {
        await send(core.disconnected(peer, now: clock.now))
    }

    public func refused(_ reason: String, by peer: PeerID) async {
        core.refused(reason, by: peer)
        changed.yield()
    }

    public func tick() async {
        await send(core.tick(now: clock.now))
    }

    public func setReady(_ ready: Bool) async {
        await send(core.setReady(ready, now: clock.now))
    }

    public func perform(_ action: Module.Action) async throws(GameError) {
        await send(try core.perform(action, now: clock.now))
    }

    public func leave() async {
        await send(core.leave())
    }

    private func send(_ messages: [Outgoing]) async {
        changed.yield()
        let ticket = turns.take()
        if !turns.isServing(ticket) { await withCheckedContinuation { turns.wait(ticket, $0) } }
        await SessionFrames.send(messages, over: transport, logger: logger)
        turns.done()
    }
}
