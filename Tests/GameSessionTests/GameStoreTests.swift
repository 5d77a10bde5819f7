import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

/// Authority and optimism, with the host and one client wired by hand so each frame is chosen.
@Suite struct GameStoreTests {
    struct Pair {
        var host: HostSessionCore<Race>
        var client: ClientSessionCore<Race>
        var now = SessionInstant(sinceOrigin: .zero)

        init() throws {
            host = try HostSessionCore<Race>(
                hostProfile: PlayerProfile(username: "Host"), settings: RaceSettings(target: 30),
                configuration: HostConfiguration(lobbyID: "L", appVersion: SemanticVersion(major: 1, minor: 0, patch: 0), firstSeed: 5))
            client = ClientSessionCore<Race>(
                configuration: ClientConfiguration(
                    profile: PlayerProfile(username: "Ann"), appVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                    games: [Race.gameType: 1]),
                host: "host", now: now)
            deliverToClient(host.connected("c", now: now))
            deliverToClient(try host.receive(#require(setReadyRequest()), from: "c", now: now))
            deliverToClient(try host.start())
        }

        /// The client's ready toggle, sent once the join went through.
        mutating func setReadyRequest() -> NetworkMessage? {
            client.setReady(true, now: now).first?.message
        }

        /// Hands the host's frames for the client to it; returns what the client answered.
        @discardableResult
        mutating func deliverToClient(_ frames: [Outgoing]) -> [Outgoing] {
            var answers: [Outgoing] = []
            for frame in frames where frame.to == "c" {
                let replies = client.receive(frame.message, from: "host", now: now)
                for reply in replies { deliverToClient(host.receive(reply.message, from: "c", now: now)) }
                answers += replies
            }
            return answers
        }

        /// Plays seat 0 (the host) until it is the client's turn.
        mutating func hostPlaysUntilClientsTurn() throws -> [Outgoing] {
            var frames: [Outgoing] = []
            while let state = host.state, state.turn == 0 { frames += try host.perform(1) }
            return frames
        }
    }

    @Test func staleAndRepeatedStatesAreIgnored() throws {
        var pair = try Pair()
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let sent = try #require(try pair.client.perform(1, now: pair.now).first)
        let older = pair.host.receive(sent.message, from: "c", now: pair.now)
        let newer = try pair.host.perform(2)
        // The newer state overtakes the older one on the way.
        pair.deliverToClient(newer)
        let seen = try #require(pair.client.stamp)
        let shown = pair.client.view
        #expect(shown == pair.host.state.map { Race.view(of: $0, for: .player(seat: 1)) })
        pair.deliverToClient(older)
        pair.deliverToClient(newer)
        #expect(pair.client.stamp == seen)
        #expect(pair.client.view == shown)
    }

    @Test func aMoveShowsAtOnceAndTheHostsStateOverwritesIt() throws {
        var pair = try Pair()
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let before = try #require(pair.client.view)
        let sent = try pair.client.perform(2, now: pair.now)
        // Optimistic: the counter moved before the host said anything.
        #expect(pair.client.view?.counter == before.counter + 2)
        #expect(pair.client.isWaitingForHost)
        // One move at a time until the host answers.
        #expect(throws: GameError.invalidAction("Waiting for the host to confirm your last move")) {
            try pair.client.perform(1, now: pair.now)
        }
        let answer = pair.host.receive(try #require(sent.first).message, from: "c", now: pair.now)
        pair.deliverToClient(answer)
        #expect(!pair.client.isWaitingForHost)
        #expect(pair.client.view == pair.host.state.map { Race.view(of: $0, for: .player(seat: 1)) })
    }

    @Test func aRefusedMoveRollsBackAndSaysWhy() throws {
        var pair = try Pair()
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let before = pair.client.view
        let sent = try pair.client.perform(3, now: pair.now)  // Race allows 1 or 2
        #expect(pair.client.view == before)  // the prediction refused it too
        pair.deliverToClient(pair.host.receive(try #require(sent.first).message, from: "c", now: pair.now))
        #expect(pair.client.lastError == .invalidAction("add 1 or 2, not 3"))
        #expect(!pair.client.isWaitingForHost)
        #expect(pair.client.view == before)
    }

    @Test func aRepeatedActionIsAppliedOnceAndAnsweredAgain() throws {
        var pair = try Pair()
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let sent = try #require(try pair.client.perform(2, now: pair.now).first)
        let counter = try #require(pair.host.state).counter
        let first = pair.host.receive(sent.message, from: "c", now: pair.now)
        let second = pair.host.receive(sent.message, from: "c", now: pair.now)
        #expect(try #require(pair.host.state).counter == counter + 2)
        #expect(pair.host.record?.actions.count == (try #require(pair.host.record)).actions.count)
        // The repeat is answered with the current state, not applied again.
        #expect(second.map(\.message.kind) == ["gameState"])
        #expect(first.contains { $0.message.kind == "gameState" })

        // A repeated refused action gets its refusal again.
        pair.deliverToClient(first)
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let bad = try #require(try pair.client.perform(7, now: pair.now).first)
        let refusal = pair.host.receive(bad.message, from: "c", now: pair.now)
        let again = pair.host.receive(bad.message, from: "c", now: pair.now)
        #expect(try again.map { try rejection($0.message) } == refusal.map { try rejection($0.message) })
        #expect(try refusal.map { try rejection($0.message)?.error } == [.invalidAction("add 1 or 2, not 7")])
    }

    @Test func aLostActionIsResentWithTheSameId() throws {
        var pair = try Pair()
        pair.deliverToClient(try pair.hostPlaysUntilClientsTurn())
        let sent = try #require(try pair.client.perform(1, now: pair.now).first)
        pair.now = pair.now + .milliseconds(400)
        #expect(!pair.client.tick(now: pair.now).contains { $0.message.kind == "gameAction" })
        pair.now = pair.now + .milliseconds(700)
        let resent = pair.client.tick(now: pair.now).filter { $0.message.kind == "gameAction" }
        #expect(try resent.map { try actionPayload($0.message) } == [try actionPayload(sent.message)])
    }

    @Test func eachClientReceivesOnlyItsOwnSecret() async throws {
        var table = try await Table<Race>(settings: RaceSettings(target: 12), faults: FaultPlan(dropRate: 0.1, duplicateRate: 0.1))
        try await table.seat(3)
        try await table.readyEveryone()
        try await table.host.start()
        try await playToTheEnd(table)
        let secrets = try #require(await table.host.core.state).secrets
        for index in table.clients.indices {
            let frames = await table.hub.delivered[Table<Race>.clientPeer(index)] ?? []
            let payloads = try frames.compactMap(statePayloadText).joined()
            #expect(!payloads.isEmpty)
            for (seat, secret) in secrets.enumerated() {
                #expect(payloads.contains(String(secret)) == (seat == index + 1), "client \(index) and seat \(seat)")
            }
        }
    }
}

/// The JSON of a frame's game-state payload, if it is one.
func statePayloadText(_ frame: Data) throws -> String? {
    guard case .message(.gameState(_, let payload)) = try MessageCodec.decode(frame) else { return nil }
    return String(decoding: payload, as: UTF8.self)
}

func actionPayload(_ message: NetworkMessage) throws -> [String] {
    guard case .gameAction(_, let payload) = message else { return [] }
    let decoded = try JSONDecoder().decode(ActionPayload<Int>.self, from: payload)
    return ["\(decoded.match)", "\(decoded.moveID)", "\(decoded.action)"]
}

func rejection(_ message: NetworkMessage) throws -> ActionRejection? {
    guard case .actionRejected(_, let payload) = message else { return nil }
    return try JSONDecoder().decode(ActionRejection.self, from: payload)
}
