import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing
import TestSupport

/// A newer peer's frames reach an older one: skipped with a log line, never a crash.
@Suite struct ForwardCompatibilityTests {
    @Test func unknownKindsAndBrokenFramesAreLoggedAndSkipped() async throws {
        let log = RecordedLog()
        let hub = InMemoryTransportHub(seed: 1)
        let client = SessionClient<Race>(
            configuration: ClientConfiguration(
                profile: PlayerProfile(username: "Old"), appVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                games: [Race.gameType: 1]),
            host: "host", transport: hub.transport(for: "c"), clock: hub.clock,
            logger: log.logger())
        await client.received(deflate(Data(#"{"type":"confetti","amount":9000}"#.utf8)), from: "host")
        await client.received(Data("not a frame".utf8), from: "host")
        await client.received(deflate(Data(#"{"type":"joinRejected"}"#.utf8)), from: "host")
        #expect(await client.phase == .connecting)
        let lines = log.text
        #expect(lines.count == 3)
        #expect(lines.first?.contains("skipped a message of unknown kind") == true)
        #expect(lines.first?.contains("kind=confetti") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains("dropped an unreadable frame") })
        #expect(lines.last?.contains(#"network message: missing field "reason""#) == true)

        // It still works afterwards: a real rejection is applied.
        let lobby = LobbyInfo(
            id: "L", gameType: Race.gameType, hostProfile: PlayerProfile(username: "H"), playerProfiles: [], isPrivate: false)
        await client.received(try MessageCodec.encode(.lobbyUpdate(lobby)), from: "host")
        await client.received(try MessageCodec.encode(.joinRejected(reason: "Nope")), from: "host")
        #expect(await client.phase == .rejected(reason: "Nope"))
    }

    @Test func aHostIgnoresGarbageFromAnyone() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(1)
        let before = await table.host.lobby
        for junk in [Data(), Data(repeating: 0xff, count: 64), deflate(Data("[1,2,3]".utf8)),
                     deflate(Data(#"{"type":"gameAction","gameId":"race","payload":"bm90IGpzb24="}"#.utf8))] {
            await table.host.received(junk, from: Table<Race>.clientPeer(0))
            await table.host.received(junk, from: "stranger")
        }
        #expect(await table.host.lobby == before)
    }
}
