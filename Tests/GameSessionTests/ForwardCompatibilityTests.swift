import Foundation
import GameCore
import GameSession
import Logging
import PlayerProfiles
import Synchronization
import Testing

/// A newer peer's frames reach an older one: skipped with a log line, never a crash.
@Suite struct ForwardCompatibilityTests {
    final class RecordedLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    struct RecordingHandler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            log.lines.withLock { $0.append("\(event.level) \(event.message) \(details)") }
        }
    }

    @Test func unknownKindsAndBrokenFramesAreLoggedAndSkipped() async throws {
        let log = RecordedLog()
        let hub = InMemoryTransportHub(seed: 1)
        let client = SessionClient<Race>(
            configuration: ClientConfiguration(
                profile: PlayerProfile(username: "Old"), appVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                games: [Race.gameType: 1]),
            host: "host", transport: hub.transport(for: "c"), clock: hub.clock,
            logger: Logger(label: "test") { _ in RecordingHandler(log: log) })
        await client.received(deflate(Data(#"{"type":"confetti","amount":9000}"#.utf8)), from: "host")
        await client.received(Data("not a frame".utf8), from: "host")
        await client.received(deflate(Data(#"{"type":"joinRejected"}"#.utf8)), from: "host")
        #expect(await client.phase == .connecting)
        let lines = log.lines.withLock { $0 }
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
