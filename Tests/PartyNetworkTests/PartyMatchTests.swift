import CrazyEights
import GameCore
import GameSession
import ParlorTestSupport
import PartyNetwork
import PlayerProfiles
import Testing
import TestSupport

/// Whole sessions between a host and joiners over real TCP links on loopback.
@Suite(.timeLimit(.minutes(3))) struct PartyMatchTests {
    @Test func fourPlayersPlayAMatchToTheEndOverEncryptedLinks() async throws {
        let hosting = try await PartyHarness.hosting(passcode: "4321")
        let joiners = try ["Ann", "Bo", "Cy"].map { try PartyHarness.joiner($0, to: hosting, passcode: "4321") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await hosting.run() }
            for joiner in joiners { group.addTask { await joiner.run() } }
            #expect(await eventually { await allJoined(joiners) })
            for joiner in joiners { await joiner.client.setReady(true) }
            let host = hosting.host
            #expect(await eventually { await host.lobby.readyPlayerIDs.count == 3 })
            try await host.start()

            await withTaskGroup(of: Void.self) { players in
                players.addTask { await EndpointAutoplay.run(host, choose: PartyHarness.botMove) }
                for joiner in joiners { players.addTask { await EndpointAutoplay.run(joiner.client, choose: PartyHarness.botMove) } }
            }
            let core = await host.core
            let outcome = try #require(core.outcome)
            let record = try #require(core.record)
            #expect(try record.replay() == core.state)
            #expect(Set(record.actions.map(\.seat)) == [0, 1, 2, 3])
            // Every joiner ends with the host's result and the view of its own seat.
            #expect(await eventually { await allFinished(joiners, with: outcome) })
            #expect(hosting.transport.refusedFrameCount == 0)
            print("party match over TCP: \(record.actions.count) actions, winners \(outcome.winners)")
            group.cancelAll()
        }
    }

    @Test func aWrongPasscodeIsRefusedInTheHandshake() async throws {
        let hosting = try await PartyHarness.hosting(passcode: "4321")
        let joiner = try PartyHarness.joiner("Eve", to: hosting, passcode: "0000")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await hosting.run() }
            group.addTask { await joiner.run() }
            #expect(await eventually { await joiner.client.phase == .rejected(reason: JoinRejection.wrongPasscode) })
            #expect(await hosting.host.lobby.playerProfiles.count == 1)
            group.cancelAll()
        }
    }

    @Test func anOlderAppVersionIsRefused() async throws {
        let hosting = try await PartyHarness.hosting()
        let joiner = try PartyHarness.joiner("Old", to: hosting, appVersion: "0.9.0")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await hosting.run() }
            group.addTask { await joiner.run() }
            #expect(await eventually { await joiner.client.phase == .rejected(reason: JoinRejection.unsupportedGameVersion) })
            group.cancelAll()
        }
    }

    /// The host quits: joiners lose the link, wait out the grace period, and end cleanly.
    @Test func joinersEndCleanlyWhenTheHostVanishes() async throws {
        let hosting = try await PartyHarness.hosting()
        let joiner = try PartyHarness.joiner("Ann", to: hosting)
        let hostTask = Task { await hosting.run() }
        let joinTask = Task { await joiner.run() }
        #expect(await eventually { await joiner.client.phase == .joined })
        hostTask.cancel()
        await hostTask.value
        let gone = ContinuousClock.now
        #expect(await eventually { await joiner.client.phase == .ended(reason: "The host left") })
        let waited = ContinuousClock.now - gone
        #expect(waited >= .seconds(1), "the joiner waited \(waited), not the grace period")
        await joinTask.value  // the joiner's run ends by itself once the session is over
    }

    /// The path dies without a close (a phone walks out of Wi-Fi): nothing tells either side, so
    /// the joiner ends after the host's grace and the host removes the joiner after its silence.
    @Test func aHalfOpenLinkIsNoticedWithinTheGraceRules() async throws {
        let hosting = try await PartyHarness.hosting()
        let proxy = try await FreezableProxy(to: hosting.transport.port)
        let configuration = ClientConfiguration(
            profile: PlayerProfile(username: "Ann"), appVersion: try #require(SemanticVersion("1.2.0")), passcode: nil,
            timeouts: PartyHarness.quick, games: GameRegistry([CrazyEights.self]).engineVersions)
        let joiner = PartyJoining<CrazyEights>(configuration: configuration, address: "127.0.0.1", port: proxy.port, lobbyID: PartyHarness.lobbyID)
        let hostTask = Task { await hosting.run() }
        defer { hostTask.cancel() }
        let joinTask = Task { await joiner.run() }
        defer { joinTask.cancel() }
        let host = hosting.host
        #expect(await eventually { await joiner.client.phase == .joined })
        #expect(await host.lobby.playerProfiles.count == 2)
        proxy.freezeOpenConnections()
        let frozen = ContinuousClock.now
        #expect(await eventually { await joiner.client.phase == .ended(reason: "The host left") })
        let joinerNoticed = ContinuousClock.now - frozen
        #expect(await eventually { await host.lobby.playerProfiles.count == 1 })
        let hostNoticed = ContinuousClock.now - frozen
        // Grace 2 s for the joiner, silence 3 s for the host (PartyHarness.quick), counted from the last frame heard.
        #expect(joinerNoticed >= .milliseconds(1500) && joinerNoticed < .seconds(10), "\(joinerNoticed)")
        #expect(hostNoticed >= .milliseconds(2500) && hostNoticed < .seconds(12), "\(hostNoticed)")
        await proxy.close()
    }

    /// A joiner drops mid-match: the host plays its seat, and the same player joins again into it.
    @Test func aJoinerThatDropsIsPlayedByTheHostAndRejoinsItsSeat() async throws {
        let hosting = try await PartyHarness.hosting()
        let profile = PlayerProfile(username: "Bo")
        let first = try PartyHarness.joiner("Bo", to: hosting, profile: profile)
        let hostTask = Task { await hosting.run() }
        defer { hostTask.cancel() }
        let firstTask = Task { await first.run() }
        #expect(await eventually { await first.client.phase == .joined })
        await first.client.setReady(true)
        let host = hosting.host
        #expect(await eventually { await host.lobby.readyPlayerIDs.count == 1 })
        try await host.start()
        #expect(await eventually { await first.client.core.seat != nil })
        let seat = try #require(await first.client.core.seat)
        firstTask.cancel()  // the process is gone: its link closes
        await firstTask.value

        let hostPlays = Task { await EndpointAutoplay.run(host, choose: PartyHarness.botMove) }
        defer { hostPlays.cancel() }
        #expect(await eventually { await host.core.autopilotMoves > 0 })

        let again = try PartyHarness.joiner("Bo", to: hosting, profile: profile)
        let againTask = Task { await again.run() }
        defer { againTask.cancel() }
        #expect(await eventually { await again.client.phase == .joined })
        // The seat comes with the game state, which follows `joinAccepted`.
        #expect(await eventually { await again.client.core.seat == seat })
        #expect(await eventually { await again.client.view != nil })
    }
}

@Sendable func allJoined(_ joiners: [PartyJoining<CrazyEights>]) async -> Bool {
    for joiner in joiners where await joiner.client.phase != .joined { return false }
    return true
}

@Sendable func allFinished(_ joiners: [PartyJoining<CrazyEights>], with outcome: GameOutcome) async -> Bool {
    for joiner in joiners where await joiner.client.core.finishedMatches.map(\.outcome) != [outcome] { return false }
    return true
}
