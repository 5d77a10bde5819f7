import ParlorAPI
import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import OpenAPIRuntime
import ParlorClient
import ParlorTestSupport
import Quortex
import Testing
import TestSupport

/// Moves made offline reach the server once, in order, after the app comes back; a refused one
/// is handed back, with the moves made after it.
@Suite("Client offline moves", .timeLimit(.minutes(2)))
struct OfflineMoveQueueTests {
    struct Down: ClientTransport {
        struct Unreachable: Error {}

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            throw Unreachable()
        }
    }

    /// Delivers the request, then loses the answer (the connection dropped on the way back).
    struct Lossy: ClientTransport {
        let inner: TestClientTransport

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            _ = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
            throw Down.Unreachable()
        }
    }

    @Test("queued offline, kept across a restart, delivered once despite a lost answer, a refusal handed back", arguments: TestDatabaseKind.available)
    func offlineMoves(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            try await withTemporaryDirectory { directory in
                let guests = [try await server.guest(), try await server.guest()]
                let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
                let id = game.uuidString.lowercased()
                let transport = TestClientTransport(client: server.client)
                let current = try await server.call(.get, "/games/\(id)", as: guests[0])
                let seq = try #require(current.json["seq"] as? Int)
                let turn = try #require((current.json["current_seats"] as? [Int])?.first)
                let moverID = try #require((current.json["seats"] as? [[String: Any]])?.first { $0["seat"] as? Int == turn }?["user"] as? String)
                let mover = try #require(guests.first { $0.user == moverID })
                let other = try #require(guests.first { $0.user != moverID })
                func client(_ guest: OnlinePlayServer.Guest, _ transport: any ClientTransport) -> Client {
                    Client(
                        serverURL: URL(fileURLWithPath: "/"), transport: transport,
                        middlewares: [ErrorEnvelopeMiddleware(), BearerTokenMiddleware { guest.token }])
                }
                let mine = try await server.call(.get, "/games/\(id)", as: mover)
                let view = try GameJSON.decoder().decode(QuortexView.self, from: try JSONSerialization.data(withJSONObject: mine.json["view"] ?? [:]))
                var random = GameRandom(seed: 4)
                let placement = try #require(RandomBot().choosePlacement(in: view.position, random: &random))
                let move = OfflineMoveQueue.Move(game: id, action: try JSONEncoder().encode(QuortexAction.place(placement)), seq: seq)

                let file = directory.appendingPathComponent("moves.json")
                let queue = try OfflineMoveQueue(file: file)
                try await queue.enqueue(move)
                let offline = try await queue.flush(through: client(mover, Down()))
                #expect(offline.delivered.isEmpty && offline.pending == 1)
                // The app restarts: the move is still there.
                let restarted = try OfflineMoveQueue(file: file)
                #expect(await restarted.queued == [move])
                // The server applies it, but the answer is lost: it stays queued...
                let lost = try await restarted.flush(through: client(mover, Lossy(inner: transport)))
                #expect(lost.pending == 1)
                // ...and the next flush delivers it without playing it twice.
                let delivered = try await restarted.flush(through: client(mover, transport))
                #expect(delivered.delivered == [move] && delivered.pending == 0)
                #expect(try await server.call(.get, "/games/\(id)", as: mover).json["seq"] as? Int == seq + 1)
                #expect(try await restarted.flush(through: client(mover, transport)) == .init())

                // The other player's offline moves: an illegal one, then one more; both come back.
                let illegal = OfflineMoveQueue.Move(game: id, action: Data(#""zz9r9""#.utf8), seq: seq + 1)
                let after = OfflineMoveQueue.Move(game: id, action: Data(#""d4r0""#.utf8), seq: seq + 2)
                try await restarted.enqueue(illegal)
                try await restarted.enqueue(after)
                let refused = try await restarted.flush(through: client(other, transport))
                #expect(refused.delivered.isEmpty && refused.refused.count == 1)
                #expect(refused.refused.first?.move == illegal && refused.refused.first?.dropped == [after])
                #expect(refused.refused.first?.error.status == 422)
                #expect(await restarted.queued.isEmpty)
                #expect(await (try OfflineMoveQueue(file: file)).queued.isEmpty, "the file agrees")
                #expect(try await server.call(.get, "/games/\(id)", as: other).json["seq"] as? Int == seq + 1)
            }
        }
    }
}
