import GameCore
import Logging
import PlayerProfiles

import struct Foundation.Data

/// The host of a local session: `HostSessionCore` over a `GameTransport`. Frames that do not
/// decode, and kinds this build does not know, are logged and skipped.
public actor SessionHost<Module: GameModule>: SessionPeer {
    public private(set) var core: HostSessionCore<Module>
    private let transport: any GameTransport
    private let clock: any SessionClock
    private let logger: Logger
    /// Signals every change, for a UI to refresh from (`GameStore` listens).
    public nonisolated let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation
    private var turns = SendTurns()

    public init(
        core: HostSessionCore<Module>, transport: any GameTransport, clock: any SessionClock,
        logger: Logger = Logger(label: "parlor.session.host")
    ) {
        self.core = core
        self.transport = transport
        self.clock = clock
        self.logger = logger
        (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public var lobby: LobbyInfo { core.lobby }

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

    public func tick() async {
        await send(core.tick(now: clock.now))
    }

    public func updateSettings(_ settings: Module.Settings) async throws(SessionError) {
        await send(try core.updateSettings(settings))
    }

    public func kick(_ player: PlayerProfile.ID, reason: String? = nil, ban: Bool = false) async throws(SessionError) {
        await send(try core.kick(player, reason: reason, ban: ban))
    }

    public func start() async throws(SessionError) {
        await send(try core.start())
    }

    public func playAgain() async throws(SessionError) {
        await send(try core.playAgain())
    }

    public func perform(_ action: Module.Action) async throws(GameError) {
        await send(try core.perform(action))
    }

    public func end(reason: String = "The host ended the session") async {
        await send(core.end(reason: reason))
    }

    private func send(_ messages: [Outgoing]) async {
        changed.yield()
        let ticket = turns.take()
        if !turns.isServing(ticket) { await withCheckedContinuation { turns.wait(ticket, $0) } }
        await SessionFrames.send(messages, over: transport, logger: logger)
        turns.done()
    }
}

/// Keeps an actor's frames in the order it made them. Sending awaits the transport, which lets
/// the actor run another call meanwhile: without turns a session's `sessionEnded` could overtake
/// the last game state it had made just before (seen over TCP: joiners ended the match without its
/// result). Each batch takes a ticket when it is made and is sent when its turn comes.
struct SendTurns {
    private var issued = 0
    private var serving = 0
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    /// A ticket; call `isServing` and, if not, `wait` in the same actor turn (no await between).
    mutating func take() -> Int {
        defer { issued += 1 }
        return issued
    }

    func isServing(_ ticket: Int) -> Bool { ticket == serving }

    mutating func wait(_ ticket: Int, _ continuation: CheckedContinuation<Void, Never>) { waiting[ticket] = continuation }

    /// The current batch has gone: the next ticket's holder may send.
    mutating func done() {
        serving += 1
        waiting.removeValue(forKey: serving)?.resume()
    }
}

/// Encoding and decoding with the logging both ends share.
enum SessionFrames {
    static func decode(_ frame: Data, from peer: PeerID, logger: Logger) -> NetworkMessage? {
        do {
            switch try MessageCodec.decode(frame) {
            case .message(let message):
                return message
            case .unknown(let kind):
                logger.info("skipped a message of unknown kind", metadata: ["kind": "\(kind)", "peer": "\(peer)"])
                return nil
            }
        } catch {
            logger.warning("dropped an unreadable frame", metadata: ["peer": "\(peer)", "error": "\(error)"])
            return nil
        }
    }

    /// Frames and sends each message in order; one that cannot be framed (over the size limit)
    /// is logged and left out rather than sent broken.
    static func send(_ messages: [Outgoing], over transport: any GameTransport, logger: Logger) async {
        for outgoing in messages {
            do {
                await transport.send(try MessageCodec.encode(outgoing.message), to: outgoing.to)
            } catch {
                logger.error(
                    "could not send a message", metadata: ["kind": "\(outgoing.message.kind)", "error": "\(error)"])
            }
        }
    }
}
