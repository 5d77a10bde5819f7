import GameCore
import GameSession
import Testing

/// The main-actor store a SwiftUI view binds to, over a real client and host.
@Suite struct ObservableStoreTests {
    @MainActor @Test func theStoreShowsMovesAndTheHostsRefusals() async throws {
        var table = try await Table<Race>(settings: RaceSettings(target: 30))
        try await table.seat(1)
        try await table.readyEveryone()
        try await table.host.start()
        await table.run(for: .milliseconds(200))
        let client = GameStore<Race>(endpoint: table.clients[0], isHost: false)
        let host = GameStore<Race>(endpoint: table.host, isHost: true)
        await client.refresh()
        await host.refresh()
        #expect(client.phase == .joined && host.phase == .joined)
        #expect(client.view?.players == 2)
        #expect(client.view?.secret != host.view?.secret)

        if client.view?.turn == 0 {
            await host.send(1)
            #expect(host.lastError == nil)
            await table.run(for: .milliseconds(200))
            await client.refresh()
        }
        let counter = try #require(client.view?.counter)
        await client.send(2)
        #expect(client.view?.counter == counter + 2)  // predicted at once
        #expect(client.snapshot.isWaitingForHost)
        await table.run(for: .milliseconds(200))
        await client.refresh()
        #expect(!client.snapshot.isWaitingForHost)
        #expect(client.view?.counter == counter + 2)

        // Not our turn any more: the host refuses and the store says why.
        await client.send(1)
        await table.run(for: .milliseconds(200))
        await client.refresh()
        #expect(client.lastError?.code == .notYourTurn)
        #expect(client.view?.counter == counter + 2)
        // The host's own illegal move is refused by its reducer directly.
        await host.send(9)
        #expect(host.lastError == .invalidAction("add 1 or 2, not 9"))
    }

    @MainActor @Test func theHostsStoreShowsTheSessionItEnded() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        try await table.seat(1)
        let host = GameStore<Race>(endpoint: table.host, isHost: true)
        await host.refresh()
        #expect(host.phase == .joined)
        await table.host.end(reason: "Closing time")
        await host.refresh()
        #expect(host.phase == .ended(reason: "Closing time"))
    }

    @Test func sessionsSignalChanges() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        var changes = table.host.changes.makeAsyncIterator()
        try await table.seat(1)
        #expect(await changes.next() != nil)
    }
}
