import Crypto
import GameSession
import Logging
import NIOCore
import NIOPosix
import ConcurrencyExtras

import struct Foundation.Data
import struct Foundation.UUID

/// A joiner's end of a local-network session: one link to the host, made again after it drops
/// (backing off from 100 ms to 2 s) until the session gives up on the host or the task ends.
public final class PartyJoinTransport: GameTransport, Sendable {
    public let localPeer: PeerID
    public let host: String
    public let port: Int
    public let lobbyID: String
    private let passcode: String?
    private let timeouts: PartyLinkTimeouts
    private let logger: Logger
    private let link = LockIsolated<PartyLink?>(nil)

    public init(
        host: String, port: Int, lobbyID: String, passcode: String?, peer: PeerID = PeerID(UUID().uuidString),
        timeouts: PartyLinkTimeouts = PartyLinkTimeouts(), logger: Logger = Logger(label: "parlor.party.join")
    ) {
        self.host = host
        self.port = port
        self.lobbyID = lobbyID
        self.passcode = passcode
        self.localPeer = peer
        self.timeouts = timeouts
        self.logger = logger
    }

    public func send(_ frame: Data, to peer: PeerID) async {
        guard peer == PartyHostTransport.hostPeer else { return }
        link.withValue { $0 }?.send(frame)
    }

    /// Drops the current link as if the network had (for tests and for leaving).
    public func disconnect() { link.withValue { $0 }?.close() }

    /// Keeps a link to the host until cancelled, or until the host refuses the handshake (then
    /// `receiver` is told why, through `refused`).
    public func run(delivering receiver: any TransportReceiver) async {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            switch await connectOnce(receiver) {
            case .refused(let reason):
                await receiver.refused(reason, by: PartyHostTransport.hostPeer)
                return
            case .carried:
                delay = .milliseconds(100)
            case .unreachable:
                break
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            delay = min(delay * 2, .seconds(2))
        }
    }

    private enum Attempt { case refused(String), carried, unreachable }

    private func connectOnce(_ receiver: any TransportReceiver) async -> Attempt {
        let connection: PartyChannel
        do {
            let timeouts = self.timeouts
            connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.nanoseconds(Int64(timeouts.connect / .nanoseconds(1))))
                .channelOption(.socketOption(.so_keepalive), value: 1)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port) { channel in PartyChannel.configure(channel, timeouts: timeouts) }
        } catch {
            return .unreachable
        }
        do {
            return try await connection.executeThenClose { inbound, outbound in
                var frames = inbound.makeAsyncIterator()
                let keys: PartyLinkKeys
                switch try await handshake(&frames, outbound) {
                case .failure(let refusal): return .refused(refusal.message)
                case .success(let agreed): keys = agreed
                }
                let current = PartyLink(peer: PartyHostTransport.hostPeer, channel: connection.channel)
                link.withValue { $0 = current }
                await receiver.connected(PartyHostTransport.hostPeer)
                _ = await current.carry(
                    &frames, outbound, keys: (PartyCipher(key: keys.joinerToHost), PartyCipher(key: keys.hostToJoiner)), logger: logger
                ) { frame in
                    await receiver.received(frame, from: PartyHostTransport.hostPeer)
                }
                link.withValue { if $0 === current { $0 = nil } }
                await receiver.disconnected(PartyHostTransport.hostPeer)
                return .carried
            }
        } catch {
            return .unreachable
        }
    }

    /// The joiner's half of the handshake.
    private func handshake(
        _ frames: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws -> Result<PartyLinkKeys, PartyNetworkError> {
        let privateKey = Curve25519.KeyAgreement.PrivateKey()
        let joinerKey = privateKey.publicKey.rawRepresentation
        try await outbound.write(
            PartyHandshakeMessage(
                type: .hello, version: PartyHandshakeMessage.currentVersion, lobby: lobbyID, peer: localPeer.rawValue, key: joinerKey))
        let hello = try await frames.nextHandshake()
        if hello.type == .refused { return .failure(PartyNetworkError(hello.reason ?? "The host refused the connection")) }
        guard hello.type == .hello, let hostKey = hello.key else { throw PartyNetworkError.handshakeFailed }
        let keys = try PartyLinkKeys(
            privateKey: privateKey, peerKey: hostKey, joinerKey: joinerKey, hostKey: hostKey, lobbyID: lobbyID,
            lobbySecret: PartyLinkKeys.lobbySecret(lobbyID: lobbyID, passcode: passcode))
        try await outbound.write(PartyHandshakeMessage(type: .confirm, mac: keys.joinerProof))
        let verdict = try await frames.nextHandshake()
        switch verdict.type {
        case .accepted: return .success(keys)
        case .refused: return .failure(PartyNetworkError(verdict.reason ?? "The host refused the connection"))
        case .hello, .confirm: throw PartyNetworkError.handshakeFailed
        }
    }
}
