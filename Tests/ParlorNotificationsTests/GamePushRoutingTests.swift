import Foundation
import GameCore
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing

/// Game notifications reach the app that plays the game, in the player's language, from the
/// game's first turn on: through the real server, the outbox, and HTTP/2 to a fake APNs.
@Suite("Game push routing", .timeLimit(.minutes(3)))
struct GamePushRoutingTests {
    @Test("a Quortex turn reaches only the Quortex app; a Crazy Eights invitation only OneForTheBoys", arguments: TestDatabaseKind.available)
    func eachGameToItsApp(kind: TestDatabaseKind) async throws {
        try await withPushServer(kind: kind) { server, fake in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let annQuortex = try await server.registerDevice(ann)
            let annTopDog = try await server.registerDevice(ann, bundle: "com.topdog.app")
            let annParty = try await server.registerDevice(ann, bundle: "com.oneforboys.app")
            let bobQuortex = try await server.registerDevice(bob)
            let guests = [ann, bob]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            var random = GameRandom(seed: 11)
            // Two turns: whoever moved first, the other's turn came once and the first mover's again.
            for _ in 0..<2 { try #require(try await server.playTurn(game, guests: guests, random: &random) != nil) }
            _ = try await fake.wait("turns for both players") { received in
                received.filter { $0.token == annQuortex && $0.json["type"] as? String == "turn_notification" }.count >= 1
                    && received.filter { $0.token == bobQuortex && $0.json["type"] as? String == "turn_notification" }.count >= 1
            }
            let created = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"crazy-eights","players":2,"mode":"turn_based"}"#)
            let party = try #require(created.json["id"] as? String)
            let invited = try await server.call(.post, "/games/\(party)/invitations", as: bob, body: #"{"users":["\#(ann.user)"]}"#)
            #expect(invited.status == 200 || invited.status == 201)
            let received = try await fake.wait("the party invitation") { $0.contains { $0.json["type"] as? String == "game_invitation" } }
            #expect(received.filter { $0.token == annTopDog }.isEmpty, "TopDog's app never hears of a game")
            let invitation = try #require(received.first { $0.json["type"] as? String == "game_invitation" })
            #expect(invitation.token == annParty)
            #expect(invitation.headers["apns-topic"] == "com.oneforboys.app")
            #expect(received.filter { $0.token == annParty }.count == 1, "the Quortex game's turns stay in the Quortex app")
            #expect(received.filter { $0.token == annQuortex }.allSatisfy { $0.json["type"] as? String == "turn_notification" })
        }
    }

    @Test("alerts name the app's strings by key with their arguments, and keep the English text beside them")
    func localizedAlerts() async throws {
        try await withPushServer { server, fake in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let tokens = [try await server.registerDevice(ann), try await server.registerDevice(bob)]
            let guests = [ann, bob]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            var random = GameRandom(seed: 4)
            let mover = try #require(try await server.playTurn(game, guests: guests, random: &random))
            let waiting = mover.user == ann.user ? 1 : 0
            let received = try await fake.wait("the turn") { received in
                received.contains { $0.token == tokens[waiting] && Self.alert($0.json)?["loc-key"] as? String == "GAME_TURN_BODY" }
            }
            let push = try #require(received.first { $0.token == tokens[waiting] && Self.alert($0.json)?["loc-key"] as? String == "GAME_TURN_BODY" })
            let alert = try #require(Self.alert(push.json))
            #expect(alert["title-loc-key"] as? String == "GAME_TURN_TITLE")
            let args = try #require(alert["loc-args"] as? [String])
            #expect(args.count == 2 && args[1] == "Quortex")
            #expect(alert["title"] as? String == "Your Turn!")
            #expect(alert["body"] as? String == "\(args[0]) made their move in Quortex")
        }
    }

    @Test("a turn-based game that starts tells whoever moves first, once, and nobody else", arguments: TestDatabaseKind.available)
    func firstTurn(kind: TestDatabaseKind) async throws {
        try await withPushServer(kind: kind) { server, fake in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let tokens = [ann.user: try await server.registerDevice(ann), bob.user: try await server.registerDevice(bob)]
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let state = try await server.call(.get, "/games/\(game.uuidString.lowercased())", as: ann)
            let turn = try #require((state.json["current_seats"] as? [Int])?.first)
            let first = try #require((state.json["seats"] as? [[String: Any]])?.first { $0["seat"] as? Int == turn }?["user"] as? String)
            let received = try await fake.wait("the first turn") { !$0.isEmpty }
            let push = try #require(received.first)
            #expect(push.token == tokens[first])
            #expect(push.json["type"] as? String == "turn_notification")
            #expect(push.json["gameId"] as? String == game.uuidString.lowercased())
            let alert = try #require(Self.alert(push.json))
            #expect(alert["loc-key"] as? String == "GAME_STARTED_TURN_BODY")
            #expect(alert["body"] as? String == "Your game of Quortex has started: you move first")
            try await Task.sleep(for: .milliseconds(300))
            #expect(fake.received.count == 1, "one push, to the first mover only")
        }
    }

    static func alert(_ json: [String: Any]) -> [String: Any]? {
        (json["aps"] as? [String: Any])?["alert"] as? [String: Any]
    }
}
