import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

@Suite struct LobbyTests {
    @Test func clientsJoinAndEveryoneSeesTheSameLobby() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        let hostLobby = await table.host.lobby
        #expect(hostLobby.playerProfiles.map(\.username) == ["Host", "Player 1", "Player 2"])
        #expect(hostLobby.phase == .gathering)
        await table.run(for: .seconds(1))
        for client in table.clients {
            let lobby = try #require(await client.lobby)
            #expect(lobby.playerProfiles.map(\.id) == hostLobby.playerProfiles.map(\.id))
            #expect(lobby.gameType == Race.gameType)
        }
    }

    @Test func theGameStartsOnlyWhenEveryPlayerIsReady() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        await #expect(throws: SessionError("Waiting for Player 1, Player 2 to be ready")) { try await table.host.start() }
        await table.clients[0].setReady(true)
        await table.run(for: .seconds(1))
        await #expect(throws: SessionError("Waiting for Player 2 to be ready")) { try await table.host.start() }
        await table.clients[1].setReady(true)
        await table.run(for: .seconds(1))

        // New settings: everyone must confirm again.
        try await table.host.updateSettings(RaceSettings(target: 20))
        #expect(await table.host.lobby.readyPlayerIDs.isEmpty)
        await #expect(throws: SessionError.self) { try await table.host.start() }
        try await table.readyEveryone()
        try await table.host.start()
        await table.run(for: .seconds(1))
        #expect(await table.clients[0].view?.players == 3)
        #expect(await table.clients[1].lobby?.phase == .playing)
    }

    @Test func readyIsResentUntilTheHostShowsIt() async throws {
        var table = try await Table<Race>(settings: RaceSettings(), faults: FaultPlan(dropRate: 0.5))
        try await table.seat(1)
        await table.clients[0].setReady(true)
        let host = table.host
        #expect(await table.hub.run(until: { await host.lobby.readyPlayerIDs.count == 1 }, limit: .seconds(20)))
    }

    @Test func kickedPlayersLeaveAndBannedPlayersCannotReturn() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        try await table.host.kick(table.profiles[0].id, reason: "Be nice")
        await table.run(for: .seconds(1))
        #expect(await table.phase(0) == .kicked(reason: "Be nice"))
        #expect(await table.host.lobby.playerProfiles.count == 2)
        #expect(await table.clients[1].lobby?.playerProfiles.count == 2)

        // Kicked, not banned: the same profile may come back.
        let again = try await table.addClient(profile: table.profiles[0])
        await table.connect(again)
        await table.run(for: .seconds(1))
        #expect(await table.phase(again) == .joined)

        try await table.host.kick(table.profiles[0].id, ban: true)
        let banned = try await table.addClient(profile: table.profiles[0])
        await table.connect(banned)
        await table.run(for: .seconds(1))
        #expect(await table.phase(banned) == .rejected(reason: JoinRejection.banned))
        await #expect(throws: SessionError("That player is not in the lobby")) {
            try await table.host.kick(UUID())
        }
    }

    @Test func aFullLobbyTurnsTheNextPlayerAway() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(3)  // the host and three clients: Race's maximum of four
        let fifth = try await table.addClient()
        await table.connect(fifth)
        await table.run(for: .seconds(1))
        #expect(await table.phase(fifth) == .rejected(reason: JoinRejection.full))
    }

    @Test func nobodyJoinsAGameInProgress() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(1)
        try await table.readyEveryone()
        try await table.host.start()
        let late = try await table.addClient()
        await table.connect(late)
        await table.run(for: .seconds(1))
        #expect(await table.phase(late) == .rejected(reason: JoinRejection.alreadyStarted))
    }

    @Test func settingsAreLockedAtStartAndPlayAgainReusesThem() async throws {
        var table = try await Table<Race>(settings: RaceSettings(target: 3))
        try await table.seat(1)
        try await table.readyEveryone()
        try await table.host.start()
        await #expect(throws: SessionError("Settings are locked once the game has started")) {
            try await table.host.updateSettings(RaceSettings(target: 50))
        }
        await #expect(throws: SessionError("The current game has not ended")) { try await table.host.playAgain() }
        try await playToTheEnd(table)
        #expect(await table.host.lobby.phase == .finished)

        try await table.host.playAgain()
        await table.run(for: .seconds(1))
        let lobby = await table.host.lobby
        #expect(lobby.match == 2 && lobby.phase == .playing)
        let settings = try JSONDecoder().decode(RaceSettings.self, from: try #require(lobby.activeSettings))
        #expect(settings.target == 3)
        let view = try #require(await table.clients[0].view)
        #expect(view.counter == 0 && view.outcome == nil)
        #expect(await table.clients[0].core.stamp?.match == 2)
    }
}

/// Plays a Race to its end: every seat adds 1 when it is its turn.
func playToTheEnd<Module: RaceRules>(_ table: Table<Module>) async throws {
    for _ in 0..<100 {
        await table.run(for: .milliseconds(200))
        guard let state = await table.host.core.state else { return }
        if state.winner != nil { return }
        if state.turn == 0 {
            try await table.host.perform(1)
        } else {
            try? await table.clients[state.turn - 1].perform(1)
        }
    }
    Issue.record("the race did not end")
}
