import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorServer
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing
import TestSupport

/// The console's games pages: the list with its filters and pages, a game's page with its
/// position (Quortex drawn, Crazy Eights as a spectator sees it), its chat with lines removed,
/// and staff resigning a seat and ending a game.
@Suite(.timeLimit(.minutes(5))) struct ConsoleGamesTests {
    /// Quortex positions drawn as `parlor serve` draws them.
    static let drawing: @Sendable (inout ParlorServices) -> Void = { services in
        services.links.replays = [ReplayRenderer(gameType: Quortex.gameType.rawValue) { (view: QuortexView) in QuortexSVG.render(view) }]
    }

    @Test(arguments: TestDatabaseKind.available)
    func theListFiltersByStatusTypeAndPlayerAndPages(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let decided = Self.short(try await server.decide(winner: ann, loser: bob))
            let quortex = Self.short(try await server.table(game: "quortex", players: [bob, cat], mode: "turn_based"))
            let eights = Self.short(try await server.table(game: "crazy-eights", players: [ann, cat], mode: "turn_based"))
            let waiting = try #require(
                try await server.call(.post, "/games", as: cat, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).json["id"] as? String)
                .prefix(8).description

            let all = try await browser.get("/console/games")
            #expect(all.status == 200)
            for id in [decided, quortex, eights, waiting] { #expect(all.html.contains(">\(id)<"), "\(id) listed") }
            #expect(all.text.contains("Being played") && all.text.contains("Completed") && all.text.contains("Waiting"))
            func listed(_ query: String) async throws -> Set<String> {
                let page = try await browser.get("/console/games\(query)")
                #expect(page.status == 200, "\(query)")
                return Set([decided, quortex, eights, waiting].filter { page.html.contains(">\($0)<") })
            }
            #expect(try await listed("?status=active") == [quortex, eights])
            #expect(try await listed("?status=completed") == [decided])
            #expect(try await listed("?game_type=crazy-eights") == [eights])
            #expect(try await listed("?user_id=\(ann.user)") == [decided, eights])
            #expect(try await listed("?user_id=\(ann.user)&status=active&game_type=quortex").isEmpty)
            #expect(try await browser.get("/console/games?status=active&game_type=quortex").text.contains("Clear filters"))

            let first = try await browser.get("/console/games?limit=3")
            #expect(first.text.contains("Next page"))
            let next = try #require(Self.nextHref(first.html))
            #expect(next.contains("limit=3") && next.contains("cursor="))
            let second = try await browser.get(next)
            #expect(second.status == 200)
            #expect(second.html.contains(">\(decided)<") && !second.html.contains(">\(waiting)<"), "the oldest game is on the second page")
            #expect(second.text.contains("End of the list."))

            let bad = try await browser.get("/console/games?status=lost")
            #expect(bad.status == 422 && bad.text.contains("is not a game status"))
            #expect(try await browser.get("/console/games?cursor=nonsense").status == 400)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aQuortexGamePageDrawsItsPositionAndAnUnknownGameIsNotFound(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: Self.drawing) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            var random = GameRandom(seed: 7)
            try await server.playTurn(game, guests: [ann, bob], random: &random)
            let page = try await browser.get("/console/games/\(game.uuidString.lowercased())")
            #expect(page.status == 200)
            #expect(page.html.contains(#"<figure class="position board"><svg"#), "the board, drawn by the server")
            #expect(!page.html.contains("&lt;svg"), "as markup, not as text")
            #expect(page.text.contains("Moves") && page.html.contains(#"<td class="number">1</td>"#), "the move made")
            #expect(page.text.contains("Resign") && page.text.contains("End the game"))

            #expect(try await browser.get("/console/games/\(UUID().uuidString.lowercased())").status == 404)
            #expect(try await browser.get("/console/games/not-a-game").status == 404)
        }
        // Without a renderer the page says so rather than drawing nothing.
        try await withOnlinePlayServer { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let game = try await server.table(game: "quortex", players: [try await server.guest(), try await server.guest()], mode: "turn_based")
            let page = try await browser.get("/console/games/\(game.uuidString.lowercased())")
            #expect(page.status == 200 && !page.html.contains("<svg") && page.text.contains("cannot be drawn here"))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aCrazyEightsPageShowsTheTableButNoPlayersCards(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: Self.drawing) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "crazy-eights", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            var hands: [[String]] = []
            var top: String?
            for player in [ann, bob] {
                let view = try #require(try await server.call(.get, "/games/\(id)", as: player).json["view"] as? [String: Any])
                hands.append(view["hand"] as? [String] ?? [])
                top = (view["topCard"] ?? view["top_card"]) as? String
            }
            let topCard = try #require(top)
            #expect(hands.allSatisfy { !$0.isEmpty }, "each player holds cards")
            // Cards only one hand holds (with two decks a card may be in both, or on the pile).
            let secret = Set(hands[0]).symmetricDifference(hands[1]).subtracting([topCard])
            #expect(!secret.isEmpty)

            let page = try await browser.get("/console/games/\(id)")
            #expect(page.status == 200)
            #expect(page.text.contains("Discard top") && page.text.contains("Suit to follow") && page.text.contains("Cards in hand"))
            #expect(page.text.contains(Self.pretty(topCard)), "the discard top, which everyone sees")
            #expect(page.html.contains(#"<td class="number">\#(hands[0].count)</td>"#), "how many cards a hand holds")
            for card in secret {
                #expect(!page.html.contains(Self.pretty(card)), "\(card) is in one player's hand only")
                #expect(!page.html.contains("\"\(card)\"") && !page.html.contains(">\(card)<"), "\(card) is in one player's hand only")
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aChatLineRemovedInTheConsoleIsGoneForPlayers(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            let socket = try await Self.subscribed(server, ann, game)
            defer { socket.close() }
            socket.send(#"{"type":"chat","game":"\#(id)","text":"keep this <b>line</b>"}"#)
            _ = try await socket.next("chat_message")
            socket.send(#"{"type":"chat","game":"\#(id)","text":"a rude remark"}"#)
            let rude = try #require(try await socket.next("chat_message").id)

            let page = try await browser.get("/console/games/\(id)")
            #expect(page.text.contains("a rude remark") && page.text.contains("keep this <b>line</b>"), "chat shown, as text")
            #expect(!page.html.contains("<b>line</b>"))
            let path = "/console/games/\(id)/chat/\(rude)/delete"
            #expect(page.html.contains(#"action="\#(path)""#))

            let noReason = try await browser.follow(try await browser.post(path, ["reason": "  "]))
            #expect(noReason.text.contains("A reason is required."))
            let forged = try await browser.post(path, ["reason": "rude", "csrf": "forged"])
            #expect(forged.status == 403)
            #expect(try await Self.replayed(server, bob, game).contains("a rude remark"), "refusals removed nothing")

            let removed = try await browser.post(path, ["reason": "rude"])
            #expect(removed.status == 303 && removed.location == "/console/games/\(id)")
            let after = try await browser.follow(removed)
            #expect(after.text.contains("players no longer see it"))
            #expect(after.text.contains("Removed") && !after.html.contains(#"action="\#(path)""#), "marked removed, no second form")
            #expect(try await Self.replayed(server, bob, game) == ["keep this <b>line</b>"], "players no longer get the line")

            let unknown = try await browser.post("/console/games/\(id)/chat/999999/delete", ["reason": "rude"])
            #expect(unknown.status == 404)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func staffResignASeatAndEndAGameFromTheConsole(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let guests = [try await server.guest(), try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "crazy-eights", players: guests, mode: "turn_based")
            let id = game.uuidString.lowercased()
            let page = try await browser.get("/console/games/\(id)")
            #expect(page.html.contains(#"action="/console/games/\#(id)/seats/0/resign""#) && page.html.contains("data-confirm="))

            let noReason = try await browser.follow(try await browser.post("/console/games/\(id)/seats/0/resign"))
            #expect(noReason.text.contains("A reason is required."))
            #expect(try await browser.post("/console/games/\(id)/seats/x/resign", ["reason": "r"]).status == 404)
            #expect(try await browser.post("/console/games/\(UUID().uuidString.lowercased())/end", ["reason": "r"]).status == 404)
            let noSeat = try await browser.follow(try await browser.post("/console/games/\(id)/seats/7/resign", ["reason": "r"]))
            #expect(noSeat.text.contains("has no seat 7"))
            #expect(try await server.call(.get, "/games/\(id)", as: guests[0]).json["status"] as? String == "active")

            let resigned = try await browser.follow(try await browser.post("/console/games/\(id)/seats/0/resign", ["reason": "cheating"]))
            #expect(resigned.text.contains("resigned. The game goes on."), "\(resigned.text)")
            #expect(resigned.text.contains("resigned") && !resigned.html.contains(#"action="/console/games/\#(id)/seats/0/resign""#))
            let seats = try await server.call(.get, "/games/\(id)", as: guests[0]).json["seats"] as? [[String: Any]] ?? []
            #expect(seats.first { $0["seat"] as? Int == 0 }?["resigned"] as? Bool == true)

            let ended = try await browser.follow(try await browser.post("/console/games/\(id)/end", ["reason": "stuck"]))
            #expect(ended.text.contains("Game ended with no result"))
            #expect(ended.text.contains("Abandoned") && ended.text.contains("Ended with no result"))
            #expect(!ended.html.contains(#"action="/console/games/\#(id)/end""#), "nothing left to end")
            #expect(ended.text.contains("Discard top") && ended.text.contains("Nobody: the game is over"), "the last position, still drawn")
            #expect(!ended.text.contains("to move"))
            #expect(try await server.call(.get, "/games/\(id)", as: guests[0]).json["status"] as? String == "abandoned")
            let twice = try await browser.follow(try await browser.post("/console/games/\(id)/end", ["reason": "stuck"]))
            #expect(twice.text.contains("The game has ended already, with no result"))
        }
    }

    // MARK: Helpers

    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    /// `8H` as the page writes it, `8♥`.
    static func pretty(_ card: String) -> String {
        let suits: [Character: String] = ["H": "♥", "D": "♦", "C": "♣", "S": "♠"]
        guard let letter = card.last, let suit = suits[letter] else { return card }
        return card.dropLast() + suit
    }

    static func nextHref(_ html: String) -> String? {
        guard let range = html.range(of: #"<a class="button" href=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&amp;", with: "&") }
    }

    static func subscribed(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest, _ game: UUID) async throws -> TestSocket {
        let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: guest.token)
        _ = try await socket.next("welcome")
        socket.send(#"{"type":"subscribe","game":"\#(game.uuidString.lowercased())"}"#)
        _ = try await socket.next("state")
        return socket
    }

    /// The chat a player gets replayed on subscribing, oldest first.
    static func replayed(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest, _ game: UUID) async throws -> [String] {
        let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: guest.token)
        defer { socket.close() }
        _ = try await socket.next("welcome")
        socket.send(#"{"type":"subscribe","game":"\#(game.uuidString.lowercased())"}"#)
        while true {
            let text = try await socket.nextText()
            guard let frame = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], frame["type"] as? String == "state" else { continue }
            return (frame["chat"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
    }
}
