import Crypto
import Foundation
import GameCore
import GameSession
import NIOCore
import NIOPosix
@testable import PartyNetwork
import Testing
import TestSupport

/// What travels between devices: sealed frames that refuse tampering, and lobby announcements.
@Suite(.timeLimit(.minutes(1))) struct PartyWireTests {
    enum Attack: String, CaseIterable, Sendable { case flippedBit, replayed }

    /// A joiner that completes the handshake, then sends one good frame and one bad one: the host
    /// takes the first, refuses the second and closes the link.
    @Test(arguments: Attack.allCases) func aFrameChangedOrRepeatedOnTheWireIsRefused(_ attack: Attack) async throws {
        let hosting = try await PartyHarness.hosting()
        let hostTask = Task { await hosting.run() }
        defer { hostTask.cancel() }
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: hosting.transport.port) { PartyChannel.configure($0, timeouts: PartyLinkTimeouts()) }
        try await channel.executeThenClose { inbound, outbound in
            var frames = inbound.makeAsyncIterator()
            let privateKey = Curve25519.KeyAgreement.PrivateKey()
            let joinerKey = privateKey.publicKey.rawRepresentation
            try await outbound.write(
                PartyHandshakeMessage(type: .hello, version: 1, lobby: PartyHarness.lobbyID, peer: "mallory", key: joinerKey))
            let hostKey = try #require(try await frames.nextHandshake().key)
            let keys = try PartyLinkKeys(
                privateKey: privateKey, peerKey: hostKey, joinerKey: joinerKey, hostKey: hostKey, lobbyID: PartyHarness.lobbyID,
                lobbySecret: PartyLinkKeys.lobbySecret(lobbyID: PartyHarness.lobbyID, passcode: nil))
            try await outbound.write(PartyHandshakeMessage(type: .confirm, mac: keys.joinerProof))
            #expect(try await frames.nextHandshake().type == .accepted)

            var cipher = PartyCipher(key: keys.joinerToHost)
            let good = try cipher.seal(try MessageCodec.encode(.setReady(false)))
            try await outbound.write(PartyFrameDecoder.framed(good, allocator: ByteBufferAllocator()))
            // The link is open: the host's first frame (the lobby) comes before the attack, so a
            // host that closes at once on the bad frame cannot have closed before saying anything.
            #expect(try await frames.next() != nil)
            var bad: Data
            switch attack {
            case .flippedBit:
                bad = try cipher.seal(try MessageCodec.encode(.setReady(true)))
                bad[bad.startIndex + 2] ^= 0x04
            case .replayed:
                bad = good
            }
            try await outbound.write(PartyFrameDecoder.framed(bad, allocator: ByteBufferAllocator()))
            // The host's frames until it closes the link.
            while try await frames.next() != nil {}
        }
        #expect(await eventually { hosting.transport.refusedFrameCount == 1 })
        #expect(await eventually { hosting.transport.connectedPeers.isEmpty })
    }

    @Test func sealedFramesOpenOnlyInOrderWithTheirKey() throws {
        let key = SymmetricKey(size: .bits256)
        var sender = PartyCipher(key: key)
        var receiver = PartyCipher(key: key)
        let first = try sender.seal(Data("one".utf8))
        let second = try sender.seal(Data("two".utf8))
        #expect(throws: PartyNetworkError.tampered) { try receiver.open(second) }  // out of order
        var fresh = PartyCipher(key: key)
        #expect(try fresh.open(first) == Data("one".utf8))
        #expect(try fresh.open(second) == Data("two".utf8))
        var stranger = PartyCipher(key: SymmetricKey(size: .bits256))
        #expect(throws: PartyNetworkError.tampered) { try stranger.open(first) }
    }

    /// A lobby is listed once announced, updated when it changes, and gone when its host stops.
    @Test func lobbiesAppearChangeAndVanish() async throws {
        let port = try await freeUDPPort()
        let discovery = UDPLobbyDiscovery(port: port, interval: .milliseconds(200), expiry: .seconds(2))
        let lobbies = try await discovery.browse()
        var heard = lobbies.makeAsyncIterator()
        let (advertisements, announce) = AsyncStream.makeStream(of: LobbyAdvertisement.self)
        var lobby = LobbyAdvertisement(
            lobbyID: "l-\(port)", game: "crazy_eights", hostName: "Host", players: 1, maxPlayers: 8, isPrivate: true, appVersion: "1.2.0",
            isOpen: true, port: 4242)
        announce.yield(lobby)
        let advertiser = Task { try await discovery.advertise(advertisements) }
        func next(where condition: ([DiscoveredLobby]) -> Bool) async -> [DiscoveredLobby]? {
            while let list = await heard.next() { if condition(list) { return list } }
            return nil
        }
        let first = try #require(await next { $0.contains { $0.id == lobby.lobbyID } })
        let found = try #require(first.first { $0.id == lobby.lobbyID })
        #expect(found.advertisement == lobby)
        #expect(found.address == "127.0.0.1" || !found.address.isEmpty)
        lobby.players = 3
        announce.yield(lobby)
        #expect(await next { $0.first { $0.id == lobby.lobbyID }?.advertisement.players == 3 } != nil)
        let stopped = ContinuousClock.now
        advertiser.cancel()
        #expect(await next { !$0.contains { $0.id == lobby.lobbyID } } != nil)
        #expect(ContinuousClock.now - stopped < .seconds(2), "the host's last datagram said it was gone before the expiry")
    }

    private func freeUDPPort() async throws -> Int {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "0.0.0.0", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}
