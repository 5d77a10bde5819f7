import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorPlay
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The per-user chat limit (a sliding window shared by every game and node) and the word list.
@Suite(.timeLimit(.minutes(5))) struct ChatLimitTests {
    /// Three lines a minute: Ann's fourth, in another game, is refused with the seconds to wait,
    /// stored nowhere and heard by nobody; refused lines do not count, and a minute on she talks again.
    @Test(arguments: TestDatabaseKind.available)
    func aUserPastTheirLinesAMinuteIsRefusedAcrossGames(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind, manualClock: true, chat: { $0.linesPerUser = RateLimitPolicy.Rule(3, per: .seconds(60)) }) { server, test in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let first = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let second = try await server.table(game: "quortex", players: [ann, cat], mode: "turn_based")
            let (annSocket, catSocket) = (try await ChatTable.socket(server, ann), try await ChatTable.socket(server, cat))
            defer { [annSocket, catSocket].forEach { $0.close() } }
            for game in [first, second] { _ = try await ChatTable.subscribe(annSocket, game) }
            _ = try await ChatTable.subscribe(catSocket, second)

            for (game, text) in [(first, "one"), (first, "two"), (second, "three")] {
                try ChatTable.send(annSocket, game, text)
                try await Audience.hear(annSocket, text)
                test.clock.advance(seconds: 10)
            }
            for _ in 1...2 {
                try ChatTable.send(annSocket, second, "four")
                let refused = try await ChatTable.nextError(annSocket)
                #expect(refused["code"] as? String == "rate_limited", "\(refused)")
                #expect(refused["game"] as? String == second.uuidString.lowercased())
                // The first line leaves the window 60 s after it was sent, 30 s from now.
                #expect(refused["retry_after"] as? Int == 30, "\(refused)")
            }
            #expect(try await ChatTable.heard(catSocket, in: second) == ["three"])
            #expect(try await ChatTable.stored(server, second).map(\.text) == ["three"])

            test.clock.advance(seconds: 31)
            try ChatTable.send(annSocket, second, "five")
            try await Audience.hear(catSocket, "five")
            #expect(try await ChatTable.stored(server, second).map(\.text) == ["three", "five"])
        }
    }

    /// A line refused for its length is not counted against the limit.
    @Test func refusedLinesDoNotCount() async throws {
        try await withChatServer(kind: .sqlite, chat: { $0.linesPerUser = RateLimitPolicy.Rule(1, per: .seconds(60)) }) { server, _ in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let socket = try await ChatTable.socket(server, ann)
            defer { socket.close() }
            _ = try await ChatTable.subscribe(socket, game)
            try ChatTable.send(socket, game, String(repeating: "x", count: 501))
            #expect(try await ChatTable.nextError(socket)["code"] as? String == "chat_too_long")
            try ChatTable.send(socket, game, "counted")
            try await Audience.hear(socket, "counted")
            try ChatTable.send(socket, game, "over")
            #expect(try await ChatTable.nextError(socket)["code"] as? String == "rate_limited")
        }
    }

    /// Listed words are masked wherever they stand alone, in any case or accent; words that only
    /// contain one pass untouched. The stored and replayed line is the masked one.
    @Test(arguments: TestDatabaseKind.available)
    func listedWordsAreMaskedAndNearMissesPass(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind, chat: { $0.filter = ChatFilter(words: ["darn", "Héck"]) }) { server, _ in
            let (_, _, game, annSocket, bobSocket) = try await ChatTable.seated(server)
            defer { [annSocket, bobSocket].forEach { $0.close() } }
            try ChatTable.send(annSocket, game, "DARN it, heck! darn's luck")
            #expect(try await ChatTable.nextLine(bobSocket)["text"] as? String == "**** it, ****! ****'s luck")
            try ChatTable.send(annSocket, game, "darning socks, checkers, undarn")
            #expect(try await ChatTable.nextLine(bobSocket)["text"] as? String == "darning socks, checkers, undarn")
            #expect(try await ChatTable.stored(server, game).map(\.text) == ["**** it, ****! ****'s luck", "darning socks, checkers, undarn"])
        }
    }
}

/// The word list on its own.
struct ChatFilterTests {
    @Test func masksWholeWordsInAnyCaseOrAccent() {
        let filter = ChatFilter(words: ["darn", "  heck ", "", "señor"])
        #expect(filter.masked("Darn. HECK? darn-it") == "****. ****? ****-it")
        #expect(filter.masked("senor SEÑOR") == "***** *****")
        #expect(filter.masked("darned heckle adarn d4rn") == "darned heckle adarn d4rn")
        #expect(filter.masked("") == "")
        #expect(ChatFilter(words: []).masked("darn") == "darn")
    }
}
