import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Who hears a game's chat, presence and moves over `/ws`: a private game's players alone; a
/// public game's spectators too, when its kind has them; and never a user a player blocks, of
/// that player's chat or presence, whether seated or watching.
@Suite(.timeLimit(.minutes(5))) struct GameAudienceTests {
    /// A stranger, and a user Ann blocks who is friends with Bob (and so learns the game's id
    /// from Bob's `friend_presence`), both try to follow Ann and Bob's private game.
    @Test(arguments: TestDatabaseKind.available)
    func outsidersOfAPrivateGameAreRefusedAndHearNothingOfIt(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat, dan) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            try await server.befriend(bob, cat)
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let catSocket = try await Audience.socket(server, cat)
            let (annSocket, bobSocket) = (try await Audience.socket(server, ann), try await Audience.socket(server, bob))
            let danSocket = try await Audience.socket(server, dan)
            defer { [annSocket, bobSocket, catSocket, danSocket].forEach { $0.close() } }
            #expect(try await Audience.subscribe(annSocket, game)["type"] as? String == "state")
            #expect(try await Audience.subscribe(bobSocket, game)["type"] as? String == "state")

            // Bob's friend sees which game he is in: the id is no secret, so it must open nothing.
            try #require(
                await eventually {
                    catSocket.texts.contains { $0.contains(#""type":"friend_presence""#) && $0.contains(game.uuidString.lowercased()) }
                })
            for outsider in [catSocket, danSocket] {
                let answer = try await Audience.subscribe(outsider, game)
                #expect(answer["type"] as? String == "error" && answer["code"] as? String == "not_a_player", "\(answer)")
            }

            // Everything a follower could hear: chat both ways, a departure and a return, a move.
            annSocket.send(Audience.chat(game, "for bob only"))
            try await Audience.hear(bobSocket, "for bob only")
            bobSocket.send(Audience.chat(game, "for ann only"))
            try await Audience.hear(annSocket, "for ann only")
            annSocket.send(#"{"type":"unsubscribe","game":"\#(game.uuidString.lowercased())"}"#)
            #expect(try await bobSocket.next("player_left").user == ann.user)
            #expect(try await Audience.subscribe(annSocket, game)["type"] as? String == "state")
            #expect(try await bobSocket.next("player_reconnected").user == ann.user)
            var random = GameRandom(seed: GameSeed(7))
            #expect(try await server.playTurn(game, guests: [ann, bob], random: &random) != nil)
            _ = try await bobSocket.next("move_made")

            for outsider in [catSocket, danSocket] {
                try await Audience.settle(outsider)
                #expect(Audience.frames(outsider, about: game).map { $0["type"] as? String } == ["error"])
            }
        }
    }

    /// Ann blocks Cat, and both sit at Bob's private table: Cat gets none of Ann's chat or
    /// presence; Ann none of Cat's chat; the rest of the table gets everything.
    @Test(arguments: TestDatabaseKind.available)
    func aSeatedPlayerGetsNoneOfTheChatOrPresenceOfAPlayerWhoBlocksThem(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            try await server.befriend(bob, cat)
            let game = try await server.table(game: "quortex", players: [bob, ann, cat], mode: "turn_based")
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            let sockets = [try await Audience.socket(server, ann), try await Audience.socket(server, bob), try await Audience.socket(server, cat)]
            defer { sockets.forEach { $0.close() } }
            let (annSocket, bobSocket, catSocket) = (sockets[0], sockets[1], sockets[2])
            for socket in sockets { #expect(try await Audience.subscribe(socket, game)["type"] as? String == "state") }

            annSocket.send(Audience.chat(game, "ann speaks"))
            try await Audience.hear(bobSocket, "ann speaks")
            catSocket.send(Audience.chat(game, "cat speaks"))
            try await Audience.hear(bobSocket, "cat speaks")
            bobSocket.send(Audience.chat(game, "bob speaks"))
            for socket in sockets { try await Audience.hear(socket, "bob speaks") }

            // Ann steps away and comes back; so does Cat.
            for (leaver, guest) in [(annSocket, ann), (catSocket, cat)] {
                leaver.send(#"{"type":"unsubscribe","game":"\#(game.uuidString.lowercased())"}"#)
                #expect(try await bobSocket.next("player_left").user == guest.user)
                #expect(try await Audience.subscribe(leaver, game)["type"] as? String == "state")
                #expect(try await bobSocket.next("player_reconnected").user == guest.user)
            }
            for socket in sockets { try await Audience.settle(socket) }

            let heardByCat = Audience.frames(catSocket, about: game)
            #expect(heardByCat.filter { $0["type"] as? String == "chat_message" }.compactMap { $0["text"] as? String } == ["cat speaks", "bob speaks"])
            #expect(Audience.presence(in: heardByCat).filter { $0 != cat.user } == [])
            let heardByAnn = Audience.frames(annSocket, about: game)
            #expect(heardByAnn.filter { $0["type"] as? String == "chat_message" }.compactMap { $0["text"] as? String } == ["ann speaks", "bob speaks"])
            // A player's presence is kept from those they block, not from those who block them.
            #expect(Audience.presence(in: heardByAnn).filter { $0 != ann.user } == [cat.user, cat.user])
            let heardByBob = Audience.frames(bobSocket, about: game)
            #expect(heardByBob.filter { $0["type"] as? String == "chat_message" }.count == 3)
            #expect(Audience.presence(in: heardByBob).filter { $0 != bob.user } == [ann.user, ann.user, cat.user, cat.user])
        }
    }

    /// A quick match is public: a stranger may watch it with a spectator's view, its chat and its
    /// presence, until a player blocks them; a user a player blocks may not watch at all; and a
    /// kind of game without spectators admits none.
    @Test(arguments: TestDatabaseKind.available)
    func aPublicGameIsWatchedWithASpectatorsViewByThoseNoPlayerBlocks(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: { $0.games.register(Unwatched.self) }) { server in
            let (ann, bob, cat, dan) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            let game = try await Audience.quickMatch(server, "crazy-eights", ann, bob)
            let sockets = [try await Audience.socket(server, ann), try await Audience.socket(server, bob), try await Audience.socket(server, dan)]
            let catSocket = try await Audience.socket(server, cat)
            defer { (sockets + [catSocket]).forEach { $0.close() } }
            let (annSocket, bobSocket, danSocket) = (sockets[0], sockets[1], sockets[2])
            #expect(try await Audience.subscribe(annSocket, game)["type"] as? String == "state")
            #expect(try await Audience.subscribe(bobSocket, game)["type"] as? String == "state")

            let refused = try await Audience.subscribe(catSocket, game)
            #expect(refused["type"] as? String == "error" && refused["code"] as? String == "not_a_player", "\(refused)")
            let watched = try await Audience.subscribe(danSocket, game)
            #expect(watched["type"] as? String == "state" && watched["seat"] as? Int == nil, "\(watched)")
            try Audience.expectSpectatorsView(watched["view"])

            annSocket.send(Audience.chat(game, "hello all"))
            try await Audience.hear(danSocket, "hello all")
            bobSocket.send(#"{"type":"unsubscribe","game":"\#(game.uuidString.lowercased())"}"#)
            #expect(try await danSocket.next("player_left").user == bob.user)
            #expect(try await Audience.subscribe(bobSocket, game)["type"] as? String == "state")
            #expect(try await danSocket.next("player_reconnected").user == bob.user)
            try await Audience.playCrazyEights(server, game, [ann, bob])
            let moved = try JSONSerialization.jsonObject(with: Data(try await Audience.nextText(danSocket, "move_made").utf8)) as? [String: Any]
            try Audience.expectSpectatorsView(moved?["view"])

            // Ann blocks Dan while he watches: nothing more of hers reaches him; Bob's still does.
            #expect(try await server.relation(.put, "/blocks/\(dan.user)", as: ann).relation == "blocking")
            annSocket.send(Audience.chat(game, "not for dan"))
            try await Audience.hear(bobSocket, "not for dan")
            annSocket.send(#"{"type":"unsubscribe","game":"\#(game.uuidString.lowercased())"}"#)
            #expect(try await bobSocket.next("player_left").user == ann.user)
            #expect(try await Audience.subscribe(annSocket, game)["type"] as? String == "state")
            #expect(try await bobSocket.next("player_reconnected").user == ann.user)
            bobSocket.send(Audience.chat(game, "bob again"))
            try await Audience.hear(danSocket, "bob again")
            try await Audience.settle(danSocket)
            let heardByDan = Audience.frames(danSocket, about: game)
            #expect(!heardByDan.contains { $0["text"] as? String == "not for dan" })
            #expect(Audience.presence(in: heardByDan) == [bob.user, bob.user])
            try await Audience.settle(catSocket)
            #expect(Audience.frames(catSocket, about: game).map { $0["type"] as? String } == ["error"])

            // A kind of game without spectators: its quick matches are its players' alone.
            let closed = try await Audience.quickMatch(server, Unwatched.gameType.rawValue, try await server.guest(), try await server.guest())
            let answer = try await Audience.subscribe(danSocket, closed)
            #expect(answer["type"] as? String == "error" && answer["code"] as? String == "not_a_player", "\(answer)")
        }
    }
    /// The REST reads follow the same rule: a private game's seats (with their `present` flags)
    /// and moves are its players' and invitees' while it is played; a public one is anyone's that
    /// no player blocks; a finished game is anyone's.
    @Test(arguments: TestDatabaseKind.available)
    func restReadsOfAGameFollowTheSameAudience(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat, dan, eve) = (
                try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest()
            )
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: ann).relation == "blocking")
            func reads(_ id: String, as guest: OnlinePlayServer.Guest) async throws -> [Int] {
                [try await server.call(.get, "/games/\(id)", as: guest).status, try await server.call(.get, "/games/\(id)/moves", as: guest).status]
            }
            // A waiting private game: its creator, and whoever is invited to it, may look.
            let waiting = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
            let waitingID = try #require(waiting.json["id"] as? String)
            #expect(try await server.call(.post, "/games/\(waitingID)/invitations", as: bob, body: #"{"users":["\#(eve.user)"]}"#).status == 201)
            #expect(try await reads(waitingID, as: bob) == [200, 200])
            #expect(try await reads(waitingID, as: eve) == [200, 200], "an invitee may look before answering")
            #expect(try await reads(waitingID, as: dan) == [403, 403])

            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            #expect(try await reads(id, as: ann) == [200, 200])
            #expect(try await reads(id, as: bob) == [200, 200])
            for outsider in [cat, dan] {
                #expect(try await reads(id, as: outsider) == [403, 403])
                let refused = try await server.call(.get, "/games/\(id)", as: outsider)
                #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "not_a_player")
                #expect(refused.json["seats"] == nil, "nothing of the game is told")
            }
            #expect(try await server.call(.post, "/games/\(id)/resign", as: ann, body: #"{"move_id":"\#(UUID().uuidString)"}"#).status == 200)
            #expect(try await reads(id, as: dan) == [200, 200], "a finished game is anyone's to read")

            let open = try await Audience.quickMatch(server, "crazy-eights", ann, bob)
            #expect(try await server.call(.get, "/games/\(open.uuidString.lowercased())", as: dan).status == 200)
            #expect(try await server.call(.get, "/games/\(open.uuidString.lowercased())", as: cat).status == 403, "Ann blocks Cat")
        }
    }
}
