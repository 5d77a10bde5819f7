import CrazyEights
import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing
import TestSupport

@Suite("Online play over real sockets")
struct OnlinePlayTests {
    static func quortexMove(_ view: QuortexView, _ seat: Int, _ random: inout GameRandom) -> QuortexAction? {
        guard view.currentSeat == seat else { return nil }
        return RandomBot().choosePlacement(in: view.position, random: &random).map(QuortexAction.place)
    }

    static func crazyEightsMove(_ view: CrazyEightsView, _ seat: Int, _ random: inout GameRandom) -> CrazyEightsAction? {
        guard view.turn == seat, view.outcome == nil else { return nil }
        return CrazyEightsBotKind.heuristic.bot.chooseAction(in: view, random: &random)
    }

    @Test("six Quortex bots play a real-time game to the end; every socket sees every move once, in order")
    func quortexSixPlayers() async throws {
        try await withOnlinePlayServer { server in
            let guests = try await (0..<6).asyncMap { _ in try await server.guest() }
            let game = try await server.table(game: "quortex", players: guests, mode: "realtime")
            let logs = try await playToTheEnd(game, guests: guests, nodes: [server], choose: Self.quortexMove).map(\.log)
            let finalSeq = try #require(logs.first?.ended?.seq)
            for log in logs {
                #expect(log.seqs == Array(0...finalSeq), "each socket sees seq 0…\(finalSeq) once, in order")
                #expect(log.errors.isEmpty)
                #expect(log.ended?.ratings.count == 6)
            }
            let record = try await server.call(.get, "/games/\(game)/record", as: guests[0])
            #expect(record.status == 200)
            let data = try JSONSerialization.data(withJSONObject: try #require(record.json["record"]))
            let replayed = try GameJSON.decoder().decode(GameRecord<Quortex>.self, from: data)
            #expect(replayed.actions.count == finalSeq)
            // Every move over a socket is timed on the server (the registry is the process's, so at least these).
            let metrics = String(buffer: try await server.client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil).body)
            let timed = metrics.split(separator: "\n").first { $0.hasPrefix("parlor_realtime_move_seconds_count") }
            #expect(timed.flatMap { Int($0.split(separator: " ").last ?? "") }.map { $0 >= finalSeq } == true, "\(timed ?? "no move timer")")
            let finalState = try replayed.replay()
            #expect(Quortex.outcome(of: finalState) != nil)
            let ratings = try await server.call(.get, "/users/me/ratings", as: guests[1])
            #expect((ratings.json["ratings"] as? [[String: Any]])?.first?["games"] as? Int == 1)
        }
    }

    @Test("four Crazy Eights bots play to the end; no socket ever receives another player's hand")
    func crazyEightsFourPlayers() async throws {
        try await withOnlinePlayServer { server in
            let guests = try await (0..<4).asyncMap { _ in try await server.guest() }
            let game = try await server.table(game: CrazyEights.gameType.rawValue, players: guests, mode: "realtime")
            let logs = try await playToTheEnd(game, guests: guests, nodes: [server], choose: Self.crazyEightsMove).map(\.log)
            let record = try await server.call(.get, "/games/\(game)/record", as: guests[0])
            let data = try JSONSerialization.data(withJSONObject: try #require(record.json["record"]))
            let replayed = try GameJSON.decoder().decode(GameRecord<CrazyEights>.self, from: data)
            // Every hand any seat held at any point of the game.
            var hands: [[Set<Card>]] = []
            try replayed.replay { state in hands.append(state.hands.map(Set.init)) }
            for log in logs {
                let seat = try #require(log.seat)
                #expect(log.errors.isEmpty)
                #expect(log.ended != nil)
                for frame in log.frames where frame.contains("\"view\"") {
                    let view = try GameJSON.decoder().decode(ViewProbe.self, from: Data(frame.utf8)).view
                    guard let view else { continue }
                    #expect(view.viewer.seat == seat)
                    #expect(view.hand.count == view.handCounts[seat])
                    #expect(!frame.contains("\"stock\""), "the stock's order never leaves the server")
                }
            }
            #expect(hands.count == replayed.actions.count + 1)
        }
    }

    // The limit bounds a hang, not a speed: beside the CPU-bound property tests that share this
    // process's threads, every move of this 3-player game has been seen to take half a second.
    // On PostgreSQL a connection to an active game is counted by one statement with no
    // transaction, which must still tell that the player had been away.
    @Test("a socket killed twice mid-game resumes from its last sequence; no event is lost or sent twice",
        .timeLimit(.minutes(3)), arguments: TestDatabaseKind.available)
    func killedSocketResumes(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let guests = try await (0..<3).asyncMap { _ in try await server.guest() }
            let game = try await server.table(game: "quortex", players: guests, mode: "realtime")
            let results = try await playToTheEnd(game, guests: guests, nodes: [server], choose: Self.quortexMove, killFirstAt: [3, 9])
            let finalSeq = try #require(results[0].log.ended?.seq)
            #expect(finalSeq > 9)
            for result in results {
                #expect(result.log.seqs == Array(0...finalSeq), "each socket sees seq 0…\(finalSeq) once, in order")
                #expect(result.log.errors.isEmpty)
            }
            let killed = results[0].statistics
            #expect(killed.disconnects == 2)
            #expect(killed.connects == 3)
            #expect(killed.resubscriptions >= 2, "each reconnect resubscribes with the last sequence seen")
            // The others saw the killed player leave and come back.
            let others = results[1].log.frames.joined(separator: "\n")
            #expect(others.contains("\"player_reconnected\""))
        }
    }

    struct ViewProbe: Decodable { var view: CrazyEightsView? }
}
