import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

@Suite struct WireTests {
    static let profile = PlayerProfile(username: "Ada")
    static let lobby = LobbyInfo(
        id: "L1", gameType: "race", hostProfile: profile, playerProfiles: [profile], readyPlayerIDs: [profile.id],
        isPrivate: true, activeSettings: Data("{}".utf8))

    static let everyKind: [NetworkMessage] = [
        .lobbyUpdate(lobby),
        .joinRequest(profile: profile, appVersion: "1.0.0", passcodeHash: "ab", games: ["race": 1]),
        .joinRequest(profile: profile, appVersion: "1.0.0", passcodeHash: nil, games: nil),
        .joinAccepted(lobby),
        .joinRejected(reason: "Wrong passcode"),
        .kickPlayer(playerId: profile.id, reason: nil),
        .gameAction(gameType: "race", payload: Data([1, 2, 3])),
        .gameState(gameType: "race", payload: Data("{}".utf8)),
        .setReady(true),
        .heartbeat(lastSeen: StateStamp(match: 1, sequence: 4), lobbyRevision: 7),
        .heartbeat(lastSeen: nil, lobbyRevision: nil),
        .actionRejected(gameType: "race", payload: Data()),
        .leave,
        .sessionEnded(reason: "bye"),
    ]

    @Test(arguments: everyKind) func everyMessageSurvivesTheCodec(_ message: NetworkMessage) throws {
        let frame = try MessageCodec.encode(message)
        #expect(try MessageCodec.decode(frame) == .message(message))
    }

    /// A frame built by hand, as an older or newer peer would send it.
    func frame(_ json: String) -> Data { deflate(Data(json.utf8)) }

    /// Foundation's `JSONEncoder` writes an object's keys in its dictionary's order, which changes
    /// from one encoding to the next; the host's lobby carries its settings as these bytes, so an
    /// unchanged lobby once compared unequal to itself (a host test failed under load).
    @Test func theSameValueEncodesToTheSameBytesEveryTime() throws {
        let settings = Set(try (0..<64).map { _ in try MessageCodec.payload(RaceSettings()) })
        #expect(settings.count == 1)
        let frames = Set(try (0..<64).map { _ in try MessageCodec.encode(.lobbyUpdate(Self.lobby)) })
        #expect(frames.count == 1)
    }

    @Test func unknownKindsAreSkippedNotFatal() throws {
        let decoded = try MessageCodec.decode(frame(#"{"type":"emote","emoji":"🎉"}"#))
        #expect(decoded == .unknown(kind: "emote"))
    }

    @Test func unknownFieldsAreIgnored() throws {
        let decoded = try MessageCodec.decode(frame(#"{"type":"setReady","ready":true,"colour":"red","v":9}"#))
        #expect(decoded == .message(.setReady(true)))
    }

    @Test func aSeedOnlyLobbyDecodesAndANewerOneToo() throws {
        // The seed's eight fields only: what the first app version sends.
        var seedOnly = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.lobby)) as? [String: Any] ?? [:]
        for key in ["phase", "engineVersion", "seats", "awayPlayerIDs", "match", "matchId", "revision", "appVersion"] {
            seedOnly[key] = nil
        }
        seedOnly["futureField"] = ["nested": true]
        let data = try JSONSerialization.data(withJSONObject: seedOnly)
        let decoded = try JSONDecoder().decode(LobbyInfo.self, from: data)
        #expect(decoded == Self.lobby)
    }

    @Test func aMissingFieldIsACorruptedPayloadNamingIt() throws {
        #expect(throws: GameError.corruptedPayload(#"network message: missing field "reason""#)) {
            try MessageCodec.decode(frame(#"{"type":"joinRejected"}"#))
        }
        #expect(throws: GameError.self) { try MessageCodec.decode(frame(#"{"no":"type"}"#)) }
        #expect(throws: GameError.self) { try MessageCodec.decode(frame("not json")) }
    }

    @Test func garbageAndTruncatedFramesAreRefused() throws {
        #expect(throws: GameError.self) { try MessageCodec.decode(Data("hello".utf8)) }
        #expect(throws: GameError.self) { try MessageCodec.decode(Data()) }
        let whole = try MessageCodec.encode(.lobbyUpdate(Self.lobby))
        #expect(throws: GameError.self) { try MessageCodec.decode(whole.prefix(whole.count / 2)) }
    }

    @Test func framesOverOneMegabyteAreRefusedOnSendAndReceive() throws {
        // Random bytes do not compress: 1.5 MB of them stays above the limit.
        var random = GameRandom(seed: 9)
        let noise = Data((0..<1_500_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        #expect {
            try MessageCodec.encode(.gameState(gameType: "race", payload: noise))
        } throws: { error in
            (error as? GameError)?.code == .corruptedPayload
        }
        let oversized = Data(count: MessageCodec.maximumFrameBytes + 1)
        #expect(throws: GameError.corruptedPayload("a 1048577-byte frame is over the 1048576-byte limit")) {
            try MessageCodec.decode(oversized)
        }
        // Large but compressible is fine: the limit is on the compressed size.
        let zeros = Data(count: 3_000_000)
        let frame = try MessageCodec.encode(.gameState(gameType: "race", payload: zeros))
        #expect(frame.count < MessageCodec.maximumFrameBytes)
    }

    @Test func aCompressionBombStopsAtTheExpansionLimit() throws {
        let bomb = deflate(Data(count: MessageCodec.maximumExpandedBytes + 1))
        #expect(bomb.count < 100_000)
        #expect(throws: GameError.corruptedPayload("the frame expands beyond 16777216 bytes")) {
            try MessageCodec.decode(bomb)
        }
    }

    @Test func semanticVersionsParseStrictlyAndCompareByMajor() throws {
        #expect(SemanticVersion("1.4.2") == SemanticVersion(major: 1, minor: 4, patch: 2))
        for bad in ["1.4", "1.4.2.1", "v1.4.2", "1..2", "-1.0.0", "1.0.0-beta", "", "1.0.x"] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
        let v = try #require(SemanticVersion("1.4.2"))
        #expect(v.isCompatible(with: try #require(SemanticVersion("1.9.0"))))
        #expect(!v.isCompatible(with: try #require(SemanticVersion("2.0.0"))))
        // Before 1.0 every minor version may break.
        #expect(!(try #require(SemanticVersion("0.3.1"))).isCompatible(with: try #require(SemanticVersion("0.4.0"))))
        #expect(try #require(SemanticVersion("1.10.0")) > v)
    }

    @Test func passcodeHashesAreSaltedByLobbyAndCompared() {
        let hash = PasscodeHash.make(passcode: "4321", lobbyID: "L1")
        #expect(hash.count == 64 && !hash.contains("4321"))
        #expect(hash != PasscodeHash.make(passcode: "4321", lobbyID: "L2"))
        #expect(PasscodeHash.matches(hash, expected: PasscodeHash.make(passcode: "4321", lobbyID: "L1")))
        #expect(!PasscodeHash.matches(PasscodeHash.make(passcode: "4322", lobbyID: "L1"), expected: hash))
        #expect(!PasscodeHash.matches(nil, expected: hash))
        #expect(!PasscodeHash.matches("", expected: hash))
    }
}

extension NetworkMessage: CustomTestStringConvertible {
    public var testDescription: String { kind }
}
