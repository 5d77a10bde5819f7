import AppFoundation
import Clocks
import Dependencies
import Foundation
import GameCore
import GameSession
import ParlorClient
import Quortex
import Synchronization
import Testing

/// The online flow with the test dependency values: no server, an immediate clock.
@MainActor
@Suite struct OnlineMatchModelTests {
    nonisolated static let gameID = "6f1c2d3e-0000-4000-8000-00000000abcd"

    /// A fake server: a guest sign-in, quick match found on the second ask, the game active with two seats.
    func client(log: CallLog, opening: IdleGameOpening, savedDevice: String? = nil) -> OnlinePlayClient {
        let saved = Mutex<String?>(savedDevice)
        let asks = Mutex(0)
        let active = OnlineGameSummary(
            id: Self.gameID, status: .active, players: 2, joined: 2, seatNames: [0: "Olga", 1: "Guest 7"], yourSeat: 1,
            outcome: GameOutcome(winners: [1], winType: .resignation))
        var client = OnlinePlayClient.failing("not expected in this test")
        client.resumeSession = { nil }
        client.device = DeviceIdentity(
            load: { saved.withLock { $0 } },
            save: { device in
                log.append("save \(device)")
                saved.withLock { $0 = device }
            })
        client.signInAsGuest = { device in
            log.append("guest \(device)")
            return OnlinePlayer(id: "u7", displayName: "Guest 7")
        }
        client.enterQuickMatch = { request in log.append("enter \(request.gameType) \(request.players)") }
        client.quickMatch = { asks.withLock { $0 += 1; return $0 >= 2 ? Self.gameID : nil } }
        client.game = { id in
            log.append("read \(id)")
            return active
        }
        client.resign = { id in log.append("resign \(id)") }
        client.recordMatch = { match in log.append("record \(match.matchId.uuidString.lowercased()) seat \(match.seat ?? -1)") }
        client.games = opening
        return client
    }

    func model(_ client: OnlinePlayClient) -> OnlineMatchModel<Quortex> {
        withDependencies {
            $0.onlinePlay = client
            $0.continuousClock = ImmediateClock()
            $0.uuid = .incrementing
        } operation: {
            OnlineMatchModel<Quortex>()
        }
    }

    @Test func quickMatchSignsInAsTheProfilesGuestSearchesAndOpensTheGame() async throws {
        let log = CallLog()
        let opening = IdleGameOpening()
        let model = model(client(log: log, opening: opening))
        #expect(model.phase == .idle)
        await model.signIn()
        #expect(model.phase == .signedIn)
        #expect(model.player?.displayName == "Guest 7")
        await model.find(.quickMatch(players: 2))
        #expect(model.phase == .searching(otherPlayers: 1))
        #expect(model.waitText == "Looking for 1 other player (quick match)…")
        #expect(model.isWaiting)
        await model.waitForMatch()
        #expect(model.phase == .starting)
        await model.waitForPlayers()
        #expect(model.phase == .playing)
        #expect(model.endpoint != nil)
        #expect(model.seatLabels == [0: "Olga", 1: "Guest 7"])
        #expect(model.yourSeat == 1)
        #expect(opening.opened.withLock { $0 } == [try #require(UUID(uuidString: Self.gameID))])
        // The device id is made once and kept: the same profile is the same guest next time.
        let device = "device-00000000-0000-0000-0000-000000000000"
        #expect(log.all.prefix(3) == ["save \(device)", "guest \(device)", "enter quortex 2"])
    }

    @Test func aSavedDeviceIDIsUsedAgainAndNotRemade() async {
        let log = CallLog()
        let model = model(client(log: log, opening: IdleGameOpening(), savedDevice: "device-kept"))
        await model.signIn()
        #expect(log.all == ["guest device-kept"])
    }

    @Test func aPrivateGameShowsItsCodeWhileItWaitsForPlayers() async {
        let log = CallLog()
        var client = client(log: log, opening: IdleGameOpening())
        let reads = Mutex(0)
        client.createGame = { request in
            OnlineGameSummary(id: Self.gameID, status: .waiting, players: request.players, joined: 1, inviteCode: "K7Q2")
        }
        client.game = { id in
            // Two more reads before the last two players are in.
            let count = reads.withLock { $0 += 1; return $0 }
            return OnlineGameSummary(
                id: id, status: count < 3 ? .waiting : .active, players: 3, joined: min(count + 1, 3), inviteCode: "K7Q2",
                seatNames: count < 3 ? [:] : [0: "Me", 1: "Ann", 2: "Bo"], yourSeat: count < 3 ? nil : 0)
        }
        let model = model(client)
        await model.signIn()
        await model.find(.privateGame(players: 3))
        #expect(model.phase == .waitingForPlayers(missing: 2, inviteCode: "K7Q2"))
        #expect(model.inviteCode == "K7Q2")
        #expect(model.waitText == "Waiting for 2 more player(s)…")
        await model.waitForMatch()
        #expect(model.phase == .waitingForPlayers(missing: 2, inviteCode: "K7Q2"), "not in quick match: nothing to wait for")
        await model.waitForPlayers()
        #expect(model.phase == .playing)
        #expect(model.seatLabels == [0: "Me", 1: "Ann", 2: "Bo"])
    }

    @Test func aRefusedCodeIsTheFailureWithTheServersMessage() async {
        var client = client(log: CallLog(), opening: IdleGameOpening())
        let refusal = ParlorError(kind: .notFound, code: "not_found", message: "no game has this invite code", status: 404)
        client.joinByCode = { _ in throw refusal }
        let model = model(client)
        await model.start(.join(code: "NOPE"))
        #expect(model.phase == .failed(refusal))
        #expect(model.error?.message == "no game has this invite code")
        #expect(!model.isWaiting)
        #expect(model.endpoint == nil)
    }

    @Test func aServerThatCannotBeReachedFailsTheSignIn() async {
        var client = client(log: CallLog(), opening: IdleGameOpening())
        let down = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "connection refused")
        client.resumeSession = { throw down }
        let model = model(client)
        await model.start(.quickMatch(players: 2))
        #expect(model.error == down)
        #expect(model.player == nil)
    }

    @Test func theAuthoritysOutcomeIsShownAndCountedOnce() async throws {
        let log = CallLog()
        let opening = IdleGameOpening()
        let model = model(client(log: log, opening: opening))
        await model.start(.quickMatch(players: 2))
        try #require(model.phase == .playing)
        // The view did not say how it ended: the authority's outcome (a resignation) is used.
        await model.finish(viewOutcome: nil)
        #expect(model.phase == .finished(GameOutcome(winners: [1], winType: .resignation)))
        #expect(model.resultText == "Match over: Guest 7 won (resignation).")
        await model.finish(viewOutcome: nil)
        #expect(log.all.filter { $0.hasPrefix("record ") } == ["record \(Self.gameID) seat 1"])
        #expect(model.recordedMatch?.matchId == UUID(uuidString: Self.gameID))
        await model.close()
        #expect(opening.closed.withLock { $0 } == 1)
    }

    @Test func resigningWaitsForAYes() async throws {
        let log = CallLog()
        let model = model(client(log: log, opening: IdleGameOpening()))
        await model.start(.quickMatch(players: 2))
        try #require(model.phase == .playing)
        model.requestResign()
        #expect(model.confirmingResign)
        #expect(model.resignQuestion == "Leave and resign this game?")
        model.cancelResign()
        await model.confirmResign()
        #expect(model.phase == .playing, "a no keeps the game")
        #expect(!log.all.contains("resign \(Self.gameID)"))
        model.requestResign()
        await model.confirmResign()
        #expect(model.phase == .resigned)
        #expect(model.resultText == "You resigned and left the game.")
        #expect(log.all.contains("resign \(Self.gameID)"))
        #expect(!log.all.contains { $0.hasPrefix("record ") }, "a resignation is the server's to count")
    }
}
