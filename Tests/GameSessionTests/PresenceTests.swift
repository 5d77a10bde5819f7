import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

/// Time-driven rules: host grace, silent clients, rejoin, the autopilot. All on a manual clock.
@Suite struct PresenceTests {
    @Test func clientsWaitFiveSecondsForAVanishedHostThenEnd() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        await table.hub.disconnect(Table<Race>.hostPeer)
        await table.run(for: .milliseconds(4_500))
        #expect(await table.phase(0) == .joined)
        await table.run(for: .seconds(1))
        #expect(await table.phase(0) == .ended(reason: "The host left"))
        #expect(await table.phase(1) == .ended(reason: "The host left"))
    }

    @Test func aHostBackWithinTheGracePeriodKeepsTheSession() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(1)
        try await table.readyEveryone()
        try await table.host.start()
        await table.run(for: .milliseconds(500))
        await table.hub.background(Table<Race>.hostPeer)
        await table.run(for: .seconds(4))
        await table.hub.foreground(Table<Race>.hostPeer)
        await table.run(for: .seconds(2))
        #expect(await table.phase(0) == .joined)
        #expect(await table.host.lobby.playerProfiles.count == 2)
    }

    @Test func theHostEndingTheSessionEndsItForEveryone() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        await table.host.end(reason: "Closing time")
        await table.run(for: .milliseconds(200))
        #expect(await table.phase(0) == .ended(reason: "Closing time"))
        #expect(await table.phase(1) == .ended(reason: "Closing time"))
        // A latecomer, or the same player trying again, hears it is over.
        let late = try await table.addClient()
        await table.connect(late)
        await table.run(for: .seconds(1))
        #expect(await table.phase(late) == .ended(reason: "Closing time"))
    }

    @Test func aClientSilentForThirtySecondsIsRemoved() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        await table.hub.background(Table<Race>.clientPeer(0))
        await table.run(for: .seconds(29))
        #expect(await table.host.lobby.playerProfiles.count == 3)
        await table.run(for: .seconds(2))
        #expect(await table.host.lobby.playerProfiles.map(\.username) == ["Host", "Player 2"])
        #expect(await table.clients[1].lobby?.playerProfiles.count == 2)
    }

    @Test func aDisconnectInTheLobbyLeavesAtOnce() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(2)
        await table.hub.disconnect(Table<Race>.clientPeer(1))
        #expect(await table.host.lobby.playerProfiles.count == 2)
    }

    @Test func anAbsentPlayersSeatIsPlayedAndTheyMayRejoin() async throws {
        var table = try await Table<Race>(settings: RaceSettings(target: 40))
        try await table.seat(2)
        try await table.readyEveryone()
        try await table.host.start()
        await table.hub.background(Table<Race>.clientPeer(0))
        await table.run(for: .seconds(31))
        let lobby = await table.host.lobby
        #expect(lobby.awayPlayerIDs == [table.profiles[0].id])

        // Seat 1 is away: the host's autopilot moves for it whenever it is its turn.
        let before = try #require(await table.host.core.state).counter
        for _ in 0..<20 {
            await table.run(for: .milliseconds(600))
            guard let state = await table.host.core.state, state.winner == nil else { break }
            if state.turn == 0 { try await table.host.perform(1) }
            if state.turn == 2 { try? await table.clients[1].perform(1) }
        }
        let after = try #require(await table.host.core.state)
        #expect(after.counter > before)
        #expect(await table.host.core.record?.actions.contains { $0.seat == 1 } == true)

        // Back from the background: the same profile rejoins its seat and gets its view.
        await table.hub.foreground(Table<Race>.clientPeer(0))
        await table.hub.disconnect(Table<Race>.clientPeer(0))
        await table.connect(0)
        await table.run(for: .seconds(2))
        #expect(await table.phase(0) == .joined)
        #expect(await table.host.lobby.awayPlayerIDs == [])
        let view = try #require(await table.clients[0].view)
        #expect(view.counter == (try #require(await table.host.core.state)).counter)
        #expect(await table.clients[0].core.seat == 1)
    }

    @Test func aGameThatForbidsRejoiningTurnsTheReturningPlayerAway() async throws {
        var table = try await Table<StrictRace>(settings: RaceSettings(target: 40))
        try await table.seat(1)
        try await table.readyEveryone()
        try await table.host.start()
        await table.hub.background(Table<StrictRace>.clientPeer(0))
        await table.run(for: .seconds(31))
        await table.hub.foreground(Table<StrictRace>.clientPeer(0))
        let again = try await table.addClient(profile: table.profiles[0])
        await table.connect(again)
        await table.run(for: .seconds(1))
        #expect(await table.phase(again) == .rejected(reason: JoinRejection.rejoinNotAllowed))
    }
}
