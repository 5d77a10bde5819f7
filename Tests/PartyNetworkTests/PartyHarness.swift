import CrazyEights
import GameCore
import GameSession
import PartyNetwork
import PlayerProfiles
import Testing

/// A lobby hosted on a real loopback socket, and what its tests need around it.
struct PartyHarness {
    static let lobbyID = "lobby-test"
    static let quick = SessionTimeouts(hostGrace: .seconds(2), clientSilence: .seconds(3))

    static func settings(target: Int = 40) -> CrazyEightsSettings {
        var settings = CrazyEights.defaultSettings(playerCount: 4)
        settings.targetScore = target
        return settings
    }

    static func hosting(passcode: String? = nil, timeouts: SessionTimeouts = quick, discovery: (any LobbyDiscovery)? = nil) async throws
        -> PartyHosting<CrazyEights>
    {
        let configuration = HostConfiguration(
            lobbyID: lobbyID, appVersion: try #require(SemanticVersion("1.2.0")), passcode: passcode, timeouts: timeouts, firstSeed: 7)
        return try await PartyHosting<CrazyEights>(
            profile: PlayerProfile(username: "Host"), settings: settings(), configuration: configuration, discovery: discovery)
    }

    static func joiner(
        _ name: String, to hosting: PartyHosting<CrazyEights>, passcode: String? = nil, appVersion: String = "1.3.0",
        profile: PlayerProfile? = nil, timeouts: SessionTimeouts = quick
    ) throws -> PartyJoining<CrazyEights> {
        let configuration = ClientConfiguration(
            profile: profile ?? PlayerProfile(username: name), appVersion: try #require(SemanticVersion(appVersion)), passcode: passcode,
            timeouts: timeouts, games: GameRegistry([CrazyEights.self]).engineVersions)
        return PartyJoining<CrazyEights>(configuration: configuration, address: "127.0.0.1", port: hosting.transport.port, lobbyID: lobbyID)
    }

    /// The heuristic bot's move for whoever holds `view`, when it is theirs to make.
    @Sendable static func botMove(_ view: CrazyEightsView) -> CrazyEightsAction? {
        guard !view.legalActions.isEmpty else { return nil }
        var random = GameRandom(seed: GameSeed(UInt64(view.discardCount * 31 + view.stockCount)), stream: 5)
        return HeuristicBot().chooseAction(in: view, random: &random)
    }
}
