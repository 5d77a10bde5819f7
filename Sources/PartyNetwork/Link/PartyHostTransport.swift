import Crypto
import GameSession
import Logging
import NIOCore
import NIOPosix
import ConcurrencyExtras

import struct Foundation.Data

/// The host's end of a local-network session: listens on TCP, runs the handshake with each joiner
/// and hands their opened frames to the session (`SessionHost`). A joiner that connects again
/// under the same peer id replaces its old link.
public final class PartyHostTransport: GameTransport, Sendable {
    public static let hostPeer: PeerID = "host"

    public var localPeer: PeerID { Self.hostPeer }
    public let lobbyID: String
    /// The TCP port joiners connect to (the one asked for, or the one the system chose).
    public let port: Int
    private let passcode: String?
    private let timeouts: PartyLinkTimeouts
    private let logger: Logger
    private let server: NIOAsyncChannel<PartyChannel, Never>
    private let links = LockIsolated<[PeerID: PartyLink]>([:])
    private let refusedFrames = LockIsolated(0)

    private init(
        server: NIOAsyncChannel<PartyChannel, Never>, port: Int, lobbyID: String, passcode: String?, timeouts: PartyLinkTimeouts,
        logger: Logger
    ) {
        self.server = server
        self.port = port
        self.lobbyID = lobbyID
        self.passcode = passcode
        self.timeouts = timeouts
        self.logger = logger
    }

    /// Listens on `host`:`port` (0: any free port); `run(delivering:)` then serves joiners.
    public static func listen(
        host: String = "0.0.0.0", port: Int = 0, lobbyID: String, passcode: String?, timeouts: PartyLinkTimeouts = PartyLinkTimeouts(),
        logger: Logger = Logger(label: "parlor.party.host")
    ) async throws -> PartyHostTransport {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.so_keepalive), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { channel in PartyChannel.configure(channel, timeouts: timeouts) }
        let bound = server.channel.localAddress?.port ?? port
        return PartyHostTransport(
            server: server, port: bound, lobbyID: lobbyID, passcode: passcode, timeouts: timeouts, logger: logger)
    }

    public func send(_ frame: Data, to peer: PeerID) async {
        links.withValue { $0[peer] }?.send(frame)
    }

    /// The peers with an open link.
    public var connectedPeers: Set<PeerID> { links.withValue { Set($0.keys) } }

    /// Frames refused because they failed authentication (each closed its link).
    public var refusedFrameCount: Int { refusedFrames.value }

    /// Serves joiners until cancelled, then closes every link and the listener.
    public func run(delivering receiver: any TransportReceiver) async {
        do {
            try await server.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { await self.serve(connection, receiver) }
                    }
                }
            }
        } catch {
            if !Task.isCancelled { logger.error("the lobby stopped listening", metadata: ["error": "\(error)"]) }
        }
        for link in links.withValue({ Array($0.values) }) { link.close() }
    }

    /// Stops listening and closes every link (`run` returns).
    public func close() {
        server.channel.close(promise: nil)
        for link in links.withValue({ Array($0.values) }) { link.close() }
    }

    private func serve(_ connection: PartyChannel, _ receiver: any TransportReceiver) async {
        try? await connection.executeThenClose { inbound, outbound in
            var frames = inbound.makeAsyncIterator()
            guard let (peer, keys) = try await handshake(&frames, outbound) else { return }
            let link = PartyLink(peer: peer, channel: connection.channel)
            let replaced = links.withValue { links in
                defer { links[peer] = link }
                return links[peer]
            }
            replaced?.close()
            await receiver.connected(peer)
            let failure = await link.carry(
                &frames, outbound, keys: (PartyCipher(key: keys.hostToJoiner), PartyCipher(key: keys.joinerToHost)), logger: logger
            ) { frame in
                await receiver.received(frame, from: peer)
            }
            if failure != nil { refusedFrames.withValue { $0 += 1 } }
            let wasCurrent = links.withValue { links in
                guard links[peer] === link else { return false }
                links[peer] = nil
                return true
            }
            if wasCurrent { await receiver.disconnected(peer) }
        }
    }

    /// The host's half of the handshake: the joiner's peer id and the link's keys, or nil after
    /// telling the joiner why not.
    private func handshake(
        _ frames: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws -> (PeerID, PartyLinkKeys)? {
        func refuse(_ reason: String) async throws -> (PeerID, PartyLinkKeys)? {
            try await outbound.write(PartyHandshakeMessage(type: .refused, reason: reason))
            return nil
        }
        let hello = try await frames.nextHandshake()
        guard hello.type == .hello, let joinerKey = hello.key, let name = hello.peer, (1...64).contains(name.count),
            PeerID(name) != Self.hostPeer
        else { return try await refuse("That is not a party handshake") }
        guard hello.version == PartyHandshakeMessage.currentVersion else { return try await refuse(JoinRejection.unsupportedGameVersion) }
        guard hello.lobby == lobbyID else { return try await refuse("This lobby is no longer open") }
        let privateKey = Curve25519.KeyAgreement.PrivateKey()
        let hostKey = privateKey.publicKey.rawRepresentation
        let keys: PartyLinkKeys
        do {
            keys = try PartyLinkKeys(
                privateKey: privateKey, peerKey: joinerKey, joinerKey: joinerKey, hostKey: hostKey, lobbyID: lobbyID,
                lobbySecret: PartyLinkKeys.lobbySecret(lobbyID: lobbyID, passcode: passcode))
        } catch {
            return try await refuse("That is not a party handshake")
        }
        try await outbound.write(PartyHandshakeMessage(type: .hello, version: PartyHandshakeMessage.currentVersion, key: hostKey))
        let confirm = try await frames.nextHandshake()
        guard confirm.type == .confirm, keys.isValidProof(confirm.mac) else {
            return try await refuse(passcode == nil ? "The handshake failed" : JoinRejection.wrongPasscode)
        }
        try await outbound.write(PartyHandshakeMessage(type: .accepted))
        return (PeerID(name), keys)
    }
}
