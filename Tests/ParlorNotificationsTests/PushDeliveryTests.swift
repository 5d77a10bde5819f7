import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import ParlorTestSupport
import Testing

/// Game notifications end to end: a change on the server, the outbox, the sender, HTTP/2 and TLS
/// to a fake APNs that checks the provider token.
@Suite("Push delivery", .timeLimit(.minutes(3)))
struct PushDeliveryTests {
    @Test("a turn-based move tells the player whose turn came, with every APNs header, over HTTP/2", arguments: TestDatabaseKind.available)
    func yourTurn(kind: TestDatabaseKind) async throws {
        try await withPushServer(kind: kind) { server, fake in
            let guests = [try await server.guest(), try await server.guest()]
            let tokens = [try await server.registerDevice(guests[0]), try await server.registerDevice(guests[1])]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            var random = GameRandom(seed: 3)
            let mover = try #require(try await server.playTurn(game, guests: guests, random: &random))
            let waiting = mover.user == guests[0].user ? 1 : 0
            let received = try await fake.wait("your turn") { $0.contains { $0.token == tokens[waiting] } }
            let push = try #require(received.first { $0.token == tokens[waiting] })
            #expect(push.http2)
            #expect(push.issuedAt != nil, "the provider token verified")
            #expect(push.headers["apns-topic"] == "com.quortex.app")
            #expect(push.headers["apns-push-type"] == "alert")
            #expect(push.headers["apns-priority"] == "10")
            #expect(push.headers["apns-id"].flatMap(UUID.init(uuidString:)) != nil)
            #expect(push.headers["apns-collapse-id"] == "turn-\(game.uuidString.lowercased())")
            let aps = try #require(push.json["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: Any])?["title"] as? String == "Your Turn!")
            #expect(((aps["alert"] as? [String: Any])?["body"] as? String)?.hasSuffix("made their move in Quortex") == true)
            #expect(push.json["gameId"] as? String == game.uuidString.lowercased())
            #expect(push.json["type"] as? String == "turn_notification")
            // The mover is not told of their own move (only, as the game started, that it was theirs).
            try await Task.sleep(for: .milliseconds(200))
            let moverHeard = fake.requests(to: tokens[1 - waiting]).compactMap { (($0.json["aps"] as? [String: Any])?["alert"] as? [String: Any])?["loc-key"] as? String }
            #expect(moverHeard == ["GAME_STARTED_TURN_BODY"])
        }
    }

    @Test("turn reminders switched off send nothing; invitations and the game's end do, but not from a blocked user")
    func preferencesAndBlocks() async throws {
        try await withPushServer { server, fake in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let annToken = try await server.registerDevice(ann)
            let bobToken = try await server.registerDevice(bob)
            #expect(try await server.call(.put, "/push/preferences", as: ann, body: #"{"turn_reminders":false}"#).status == 200)
            #expect(try await server.call(.put, "/push/preferences", as: bob, body: #"{"turn_reminders":false}"#).status == 200)
            let guests = [ann, bob]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            var random = GameRandom(seed: 5)
            for _ in 0..<4 { try await server.playTurn(game, guests: guests, random: &random) }
            // Bob invites Ann to a new game: pushed. Ann blocks Cat; Cat's invitation is not.
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            for host in [bob, cat] {
                let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
                let id = try #require(created.json["id"] as? String)
                let invited = try await server.call(.post, "/games/\(id)/invitations", as: host, body: #"{"users":["\#(ann.user)"]}"#)
                #expect(invited.status == 201 || invited.status == 200)
            }
            // The first game ends by resignation: both hear, each with their result.
            let resigned = try await server.call(.post, "/games/\(game.uuidString.lowercased())/resign", as: bob, body: #"{"move_id":"r"}"#)
            #expect(resigned.status == 200)
            let received = try await fake.wait("the game's end") { pushes in
                pushes.filter { $0.json["type"] as? String == "game_over" }.count == 2
            }
            let annTypes = received.filter { $0.token == annToken }.compactMap { $0.json["type"] as? String }
            #expect(annTypes.sorted() == ["game_invitation", "game_over"], "\(annTypes)")
            let invitation = try #require(received.first { $0.json["type"] as? String == "game_invitation" })
            #expect((invitation.json["aps"] as? [String: Any])?["category"] as? String == "GAME_INVITE")
            #expect(invitation.headers["apns-expiration"].flatMap(Int64.init).map { $0 > Int64(Date().timeIntervalSince1970) } == true)
            let over = received.filter { $0.json["type"] as? String == "game_over" }
            #expect(over.first { $0.token == annToken }?.json["won"] as? Bool == true)
            #expect(over.first { $0.token == bobToken }?.json["won"] as? Bool == false)
            #expect(!received.contains { $0.json["type"] as? String == "turn_notification" })
        }
    }

    @Test("APNs' answers: 410 and BadDeviceToken deactivate the token, 429 is retried with the same apns-id, other refusals are dropped")
    func answers() async throws {
        try await withPushServer { server, fake in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let gone = try await server.registerDevice(ann)
            let bad = try await server.registerDevice(ann)
            let busy = try await server.registerDevice(ann)
            let refused = try await server.registerDevice(ann)
            fake.script(gone, [(410, "Unregistered")])
            fake.script(bad, [(400, "BadDeviceToken")])
            fake.script(busy, [(429, "TooManyRequests"), (503, "ServiceUnavailable")])
            fake.script(refused, [(400, "BadTopic")])
            let created = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
            let id = try #require(created.json["id"] as? String)
            #expect(try await server.call(.post, "/games/\(id)/invitations", as: bob, body: #"{"users":["\#(ann.user)"]}"#).status == 201)
            let received = try await fake.wait("the retried push") { $0.filter { $0.token == busy }.count == 3 }
            for token in [gone, bad, refused] { #expect(received.filter { $0.token == token }.count == 1) }
            let ids = Set(received.filter { $0.token == busy }.compactMap { $0.headers["apns-id"] })
            #expect(ids.count == 1, "every try carries the same apns-id")
            let listed = try await server.call(.get, "/push/devices", as: ann).json["devices"] as? [[String: Any]] ?? []
            #expect(Set(listed.compactMap { $0["token"] as? String }) == [busy, refused])
            // A device that registers its token again after APNs' 410 is reachable again.
            try await server.registerDevice(ann, token: gone)
            let again = try await server.call(.get, "/push/devices", as: ann).json["devices"] as? [[String: Any]] ?? []
            #expect(again.contains { $0["token"] as? String == gone })
        }
    }
}
