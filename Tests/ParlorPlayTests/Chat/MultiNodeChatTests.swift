import Foundation
import HummingbirdTesting
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Two nodes on one PostgreSQL: a line sent through one is heard once on the other, where it is
/// replayed to a socket that comes back, with the id it was heard with.
@Suite(.enabled(if: TestDatabaseKind.available.contains(.postgres)), .timeLimit(.minutes(3)))
struct MultiNodeChatTests {
    @Test func aLineSentOnOneNodeIsHeardAndReplayedOnTheOther() async throws {
        try await withSharedPostgres { location in
            try await withOnlinePlayNode(at: location) { nodeA in
                try await withOnlinePlayNode(at: location) { nodeB in
                    let (ann, bob) = (try await nodeA.guest(), try await nodeB.guest())
                    let game = try await openTable(game: "quortex", players: [ann, bob], nodes: [nodeA, nodeB], mode: "turn_based")
                    let annSocket = try await ChatTable.socket(nodeA, ann)
                    let bobSocket = try await ChatTable.socket(nodeB, bob)
                    defer { [annSocket, bobSocket].forEach { $0.close() } }
                    for socket in [annSocket, bobSocket] { _ = try await ChatTable.subscribe(socket, game) }

                    try ChatTable.send(annSocket, game, "across nodes")
                    let heard = try await ChatTable.nextLine(bobSocket)
                    #expect(heard["text"] as? String == "across nodes" && heard["id"] is String)
                    #expect(try await ChatTable.heard(bobSocket, in: game) == ["across nodes"], "heard once")

                    let resumed = try await ChatTable.socket(nodeB, bob)
                    defer { resumed.close() }
                    let state = try await ChatTable.subscribe(resumed, game)
                    #expect(ChatTable.replayed(state) == ["across nodes"])
                    #expect((state["chat"] as? [[String: Any]])?.first?["id"] as? String == heard["id"] as? String)
                }
            }
        }
    }
}
