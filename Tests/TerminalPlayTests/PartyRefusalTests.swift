import AppFoundation
import CrazyEights
import GameCore
import GameSession
import PartyFeature
import PlayerProfiles
import Synchronization
import Testing

@testable import TerminalPlay

/// A party joiner's table: its moves go to the host, which may refuse one after `perform` has
/// returned. The refusal is on the joiner's screen, in the host's words, as offline play says it.
@Suite(.timeLimit(.minutes(1)))
struct PartyRefusalTests {
    final class Frames: Sendable {
        private let frames = Mutex<[String]>([])
        func append(_ frame: String) { frames.withLock { $0.append(frame) } }
        /// The last frame drawn, without escape sequences.
        var last: String {
            (frames.withLock { $0.last } ?? "").replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
        }
    }

    @Test func aJoinersRefusedMoveShowsTheHostsReason() async throws {
        let hub = InMemoryTransportHub(seed: 4)
        let version = SemanticVersion(major: 1, minor: 0, patch: 0)
        let core = try HostSessionCore<CrazyEights>(
            hostProfile: PlayerProfile(username: "Hana"), settings: CrazyEights.defaultSettings(playerCount: 2),
            configuration: HostConfiguration(lobbyID: "refusals", appVersion: version, passcode: nil, timeouts: SessionTimeouts(), firstSeed: 4))
        let host = SessionHost(core: core, transport: hub.transport(for: "host"), clock: hub.clock)
        await hub.attach(host, as: "host")
        let client = SessionClient<CrazyEights>(
            configuration: ClientConfiguration(
                profile: PlayerProfile(username: "Gus"), appVersion: version, passcode: nil, timeouts: SessionTimeouts(),
                games: GameRegistry([CrazyEights.self]).engineVersions),
            host: "host", transport: hub.transport(for: "gus"), clock: hub.clock)
        await hub.attach(client, as: "gus")
        await hub.connect("host", "gus")
        try #require(await hub.run(until: { await client.phase == .joined }, limit: .seconds(10)))
        await client.setReady(true)
        try #require(await hub.run(until: { await host.lobby.readyPlayerIDs.count == 1 }, limit: .seconds(10)))
        try await host.start()
        try #require(await hub.run(until: { await client.view != nil }, limit: .seconds(10)))

        // The host plays until it is the joiner's turn.
        var turns = 0
        while let view = await client.snapshot().view, view.turn != view.viewer.seat {
            if let hostView = await host.snapshot().view, hostView.turn == hostView.viewer.seat, let move = hostView.legalActions.first {
                try await host.perform(move)
            }
            await hub.run(for: .milliseconds(200))
            turns += 1
            try #require(turns < 200)
        }
        let view = try #require(await client.snapshot().view)
        // Passing is only for a player who can neither play nor draw: refused here.
        try #require(!view.legalActions.contains(.pass), "seed 4 deals the joiner a hand that may not pass")

        let frames = Frames()
        let (keys, typing) = AsyncStream.makeStream(of: Key.self)
        let driver = Task {
            await TableDriver<CrazyEightsScreen>(endpoint: client, style: .plain, write: frames.append).run(CrazyEightsScreen(), keys: keys)
        }
        defer { driver.cancel() }
        typing.yield(.character("p"))
        var shown = false
        for _ in 0..<100 where !shown {
            await hub.run(for: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(20))
            shown = frames.last.contains("Not allowed: ")
        }
        #expect(shown, "the refusal never reached the screen:\n\(frames.last)")
        #expect(frames.last.contains("so you may not pass"), "\(frames.last)")
        // The rules' card notation (9H) is said the way the hand draws cards (9♥).
        #expect(frames.last.firstMatch(of: /Not allowed: .*\b(10|[2-9AJQK])[CDHS]\b/) == nil, "\(frames.last)")
        #expect(await client.snapshot().view?.turn == view.turn, "the refused pass changed nothing")
        typing.finish()
        #expect(await driver.value.0 == .inputClosed)
    }

    @Test func cardsInARefusalAreDrawnAsTheTableDrawsThem() {
        #expect(CrazyEightsTableModel.explain(.invalidAction("you can play 9H or 10S, so you may not pass")) == "Not allowed: you can play 9♥ or 10♠, so you may not pass")
        #expect(CrazyEightsTableModel.explain(.invalidAction("7C does not match the queen of diamonds")) == "Not allowed: 7♣ does not match the queen of diamonds")
        #expect(CrazyEightsTableModel.explain(.notYourTurn("waiting for P2")) == "Not your turn: waiting for P2", "words that are not cards stay")
    }
}
