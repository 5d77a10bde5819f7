import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorPlay
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// A game's chat is stored as it is sent: a socket that comes back gets the latest lines with the
/// game's state, the game's players find them in its record, a game keeps a bounded number, and a
/// line that could not be stored reaches nobody. Blocks hide lines in every one of those reads.
@Suite(.timeLimit(.minutes(5))) struct GameChatTests {
    /// Bob drops while Ann keeps talking; his new socket's `state` carries what he missed, with
    /// the ids the live lines had.
    @Test(arguments: TestDatabaseKind.available)
    func aPlayerWhoComesBackGetsTheLinesWithTheState(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let annSocket = try await ChatTable.socket(server, ann)
            var bobSocket = try await ChatTable.socket(server, bob)
            defer { annSocket.close() }
            #expect(try await ChatTable.subscribe(annSocket, game)["type"] as? String == "state")
            let first = try await ChatTable.subscribe(bobSocket, game)
            #expect(ChatTable.replayed(first) == [], "a new game has no chat")

            try ChatTable.send(annSocket, game, "  hello bob  ")
            let live = try await ChatTable.nextLine(bobSocket)
            #expect(live["text"] as? String == "hello bob")
            let liveID = try #require(live["id"] as? String)
            bobSocket.close()
            _ = try await bobSocket.closed()
            try ChatTable.send(annSocket, game, "are you there?")
            _ = try await ChatTable.nextLine(annSocket)
            _ = try await ChatTable.nextLine(annSocket)

            bobSocket = try await ChatTable.socket(server, bob)
            defer { bobSocket.close() }
            let resumed = try await ChatTable.subscribe(bobSocket, game)
            #expect(ChatTable.replayed(resumed) == ["hello bob", "are you there?"])
            let lines = try #require(resumed["chat"] as? [[String: Any]])
            #expect(lines.first?["id"] as? String == liveID)
            #expect(lines.allSatisfy { $0["type"] as? String == "chat_message" && $0["user"] as? String == ann.user })
            #expect(try await ChatTable.stored(server, game).map(\.text) == ["hello bob", "are you there?"])
        }
    }

    /// Ann blocks Cat at Bob's table: neither is replayed the other's lines, Bob is replayed all,
    /// and once the game is over its record follows the same rule, for its players alone.
    @Test(arguments: TestDatabaseKind.available)
    func replaysAndTheRecordKeepLinesFromThoseABlockSeparates(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob, cat, dan) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [bob, ann, cat], mode: "turn_based")
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            let sockets = [try await ChatTable.socket(server, ann), try await ChatTable.socket(server, bob), try await ChatTable.socket(server, cat)]
            defer { sockets.forEach { $0.close() } }
            for socket in sockets { #expect(try await ChatTable.subscribe(socket, game)["type"] as? String == "state") }
            for (socket, text) in zip(sockets, ["ann speaks", "bob speaks", "cat speaks"]) {
                try ChatTable.send(socket, game, text)
                try await Audience.hear(sockets[1], text)
            }

            for (socket, expected) in zip(sockets, [["ann speaks", "bob speaks"], ["ann speaks", "bob speaks", "cat speaks"], ["bob speaks", "cat speaks"]]) {
                #expect(ChatTable.replayed(try await ChatTable.subscribe(socket, game)) == expected)
            }
            #expect(try await ChatTable.stored(server, game).count == 3, "a hidden line is still stored")

            for player in [ann, cat] { try await ChatTable.resign(server, game, as: player) }
            #expect(try await ChatTable.record(server, game, as: ann) == ["ann speaks", "bob speaks"])
            #expect(try await ChatTable.record(server, game, as: bob) == ["ann speaks", "bob speaks", "cat speaks"])
            #expect(try await ChatTable.record(server, game, as: cat) == ["bob speaks", "cat speaks"])
            #expect(try await ChatTable.record(server, game, as: dan) == [], "a stranger reads the record without its table talk")
        }
    }

    /// With 3 lines a game, the fourth and fifth push the oldest out of the table, the replay and
    /// the record.
    @Test(arguments: TestDatabaseKind.available)
    func aGameKeepsItsLatestLinesAndDropsTheOldest(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind, chat: { $0.linesPerGame = 3 }) { server, _ in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let socket = try await ChatTable.socket(server, ann)
            defer { socket.close() }
            _ = try await ChatTable.subscribe(socket, game)
            for number in 1...5 {
                try ChatTable.send(socket, game, "line \(number)")
                _ = try await ChatTable.nextLine(socket)
            }
            #expect(try await ChatTable.stored(server, game).map(\.text) == ["line 3", "line 4", "line 5"])
            #expect(ChatTable.replayed(try await ChatTable.subscribe(socket, game)) == ["line 3", "line 4", "line 5"])
            try await ChatTable.resign(server, game, as: bob)
            #expect(try await ChatTable.record(server, game, as: ann) == ["line 3", "line 4", "line 5"])
        }
    }

    /// A subscriber is handed only the newest `replayedLines`, oldest first; the record has all kept.
    @Test func aSubscriberIsReplayedTheNewestLinesOnly() async throws {
        try await withChatServer(kind: .sqlite, chat: { $0.replayedLines = 2 }) { server, _ in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let socket = try await ChatTable.socket(server, ann)
            defer { socket.close() }
            _ = try await ChatTable.subscribe(socket, game)
            for text in ["one", "two", "three"] {
                try ChatTable.send(socket, game, text)
                _ = try await ChatTable.nextLine(socket)
            }
            #expect(ChatTable.replayed(try await ChatTable.subscribe(socket, game)) == ["two", "three"])
            try await ChatTable.resign(server, game, as: bob)
            #expect(try await ChatTable.record(server, game, as: ann) == ["one", "two", "three"])
        }
    }

    /// When the line cannot be stored, the sender gets an error and no follower hears it: the
    /// line and its announcement are one transaction.
    @Test(arguments: TestDatabaseKind.available)
    func aLineThatIsNotStoredIsNeverDelivered(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (_, _, game, annSocket, bobSocket) = try await ChatTable.seated(server)
            defer { [annSocket, bobSocket].forEach { $0.close() } }
            try ChatTable.send(annSocket, game, "stored")
            try await Audience.hear(bobSocket, "stored")

            // A trigger refuses every new row, as a full disk or a lost connection would.
            try await Self.refuseChatInserts(on: server, kind: kind)
            try ChatTable.send(annSocket, game, "lost")
            let refused = try await ChatTable.nextError(annSocket)
            #expect(refused["code"] as? String == "internal_error", "\(refused)")
            #expect(try await ChatTable.heard(bobSocket, in: game) == ["stored"])
            #expect(try await ChatTable.heard(annSocket, in: game) == ["stored"])
            #expect(try await ChatTable.stored(server, game).map(\.text) == ["stored"])
        }
    }

    /// Lines outside 1–500 characters, and lines from anyone without a seat, are refused and kept nowhere.
    @Test(arguments: TestDatabaseKind.available)
    func refusedLinesAreNeitherStoredNorHeard(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob, dan) = (try await server.guest(), try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let (annSocket, bobSocket, danSocket) = (
                try await ChatTable.socket(server, ann), try await ChatTable.socket(server, bob), try await ChatTable.socket(server, dan)
            )
            defer { [annSocket, bobSocket, danSocket].forEach { $0.close() } }
            for socket in [annSocket, bobSocket] { _ = try await ChatTable.subscribe(socket, game) }
            for text in ["   ", String(repeating: "x", count: 501)] {
                try ChatTable.send(annSocket, game, text)
                #expect(try await ChatTable.nextError(annSocket)["code"] as? String == "chat_too_long")
            }
            try ChatTable.send(annSocket, game, String(repeating: "é", count: 500))
            _ = try await ChatTable.nextLine(bobSocket)
            try ChatTable.send(danSocket, game, "let me in")
            #expect(try await ChatTable.nextError(danSocket)["code"] as? String == "not_a_player")
            #expect(try await ChatTable.stored(server, game).map(\.text) == [String(repeating: "é", count: 500)])
            #expect(try await ChatTable.heard(bobSocket, in: game).count == 1)
        }
    }

    private static func refuseChatInserts(on server: OnlinePlayServer, kind: TestDatabaseKind) async throws {
        try await server.database.withConnection { sql in
            switch kind {
            case .postgres:
                try await sql.raw("""
                    CREATE FUNCTION refuse_chat() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'chat refused'; END $$ LANGUAGE plpgsql
                    """).run()
                try await sql.raw("CREATE TRIGGER refuse_chat BEFORE INSERT ON game_chat FOR EACH ROW EXECUTE FUNCTION refuse_chat()").run()
            default:
                try await sql.raw("""
                    CREATE TRIGGER refuse_chat BEFORE INSERT ON game_chat BEGIN SELECT RAISE(ABORT, 'chat refused'); END
                    """).run()
            }
        }
    }
}
