import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import ServerTestSupport
import Testing
import TestSupport

/// Every relation transition over the real routes, and what a blocked user can no longer do.
@Suite struct FriendsTests {
    @Test(arguments: TestDatabaseKind.available)
    func requestsAcceptDeclineCancelAndRemove(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let ann = try await server.guest()
            let bob = try await server.guest()
            // Request, then the list both ways.
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).relation == "request_sent")
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).code == "already_done")
            let outgoing = try await server.call(.get, "/friends/requests?direction=outgoing", as: ann)
            #expect((outgoing.json["users"] as? [[String: Any]])?.count == 1)
            let incoming = try await server.call(.get, "/friends/requests", as: bob)
            #expect(((incoming.json["users"] as? [[String: Any]])?.first?["user"] as? [String: Any])?["id"] as? String == ann.user)
            // Cancel, decline, accept.
            #expect(try await server.relation(.delete, "/friends/requests/\(bob.user)", as: ann).relation == "none")
            #expect(try await server.relation(.post, "/friends/requests/\(ann.user)/accept", as: bob).code == "no_such_relation")
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).relation == "request_sent")
            #expect(try await server.relation(.post, "/friends/requests/\(ann.user)/decline", as: bob).relation == "none")
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).relation == "request_sent")
            #expect(try await server.relation(.post, "/friends/requests/\(ann.user)/accept", as: bob).relation == "friends")
            let friends = try await server.call(.get, "/friends", as: ann)
            let listed = friends.json["friends"] as? [[String: Any]] ?? []
            #expect(listed.count == 1 && (listed.first?["presence"] as? [String: Any])?["online"] as? Bool == false)
            // Remove; asking each other makes friends at once.
            #expect(try await server.relation(.delete, "/friends/\(ann.user)", as: bob).relation == "none")
            #expect(try await server.relation(.delete, "/friends/\(ann.user)", as: bob).code == "no_such_relation")
            #expect(try await server.relation(.post, "/friends/requests", as: bob, body: #"{"user":"\#(ann.user)"}"#).relation == "request_sent")
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).relation == "friends")
            // Bad input.
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(ann.user)"}"#).status == 400)
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"nobody-here"}"#).status == 404)
            #expect(try await server.call(.get, "/friends?limit=0", as: ann).status == 400)
            #expect(try await server.call(.get, "/friends?cursor=", as: ann).status == 400)
            #expect(try await server.call(.get, "/blocks?cursor=\(String(repeating: "x", count: 201))", as: ann).status == 400)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aBlockedUserCannotReachTheBlockerAndIsNotTold(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let ann = try await server.guest()
            let bob = try await server.guest()
            try await server.befriend(ann, bob)
            #expect(try await server.relation(.put, "/blocks/\(bob.user)", as: ann).relation == "blocking")
            #expect(try await server.relation(.put, "/blocks/\(bob.user)", as: ann).code == "already_done")
            // The friendship is gone on both sides; Bob sees no block.
            #expect((try await server.call(.get, "/friends", as: bob).json["friends"] as? [Any])?.isEmpty == true)
            // Bob's request looks sent to him, and never reaches Ann.
            #expect(try await server.relation(.post, "/friends/requests", as: bob, body: #"{"user":"\#(ann.user)"}"#).relation == "request_sent")
            #expect((try await server.call(.get, "/friends/requests", as: ann).json["users"] as? [Any])?.isEmpty == true)
            // Ann cannot befriend Bob while blocking him.
            #expect(try await server.relation(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#).code == "blocking_user")
            // Bob's invitation is answered as usual but Ann never sees it.
            let created = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
            let game = try #require(created.json["id"] as? String)
            let invited = try await server.call(.post, "/games/\(game)/invitations", as: bob, body: #"{"users":["\#(ann.user)"]}"#)
            #expect(invited.status == 201 || invited.status == 200)
            #expect((try await server.call(.get, "/invitations", as: ann).json["invitations"] as? [Any])?.isEmpty == true)
            // Blocks are listed; unblocking shows Bob's pending request again.
            #expect((try await server.call(.get, "/blocks", as: ann).json["users"] as? [Any])?.count == 1)
            #expect(try await server.relation(.delete, "/blocks/\(bob.user)", as: ann).relation == "none")
            #expect(try await server.relation(.delete, "/blocks/\(bob.user)", as: ann).code == "no_such_relation")
            #expect((try await server.call(.get, "/friends/requests", as: ann).json["users"] as? [Any])?.count == 1)
        }
    }

    @Test func chatNeverCrossesABlockEitherWay() async throws {
        try await withOnlinePlayServer { server in
            let ann = try await server.guest()
            let bob = try await server.guest()
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based").uuidString.lowercased()
            #expect(try await server.relation(.put, "/blocks/\(bob.user)", as: ann).relation == "blocking")
            let port = try #require(server.client.port)
            let annSocket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: ann.token)
            let bobSocket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: bob.token)
            defer { [annSocket, bobSocket].forEach { $0.close() } }
            for socket in [annSocket, bobSocket] {
                _ = try await socket.next("welcome")
                socket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
                _ = try await socket.next("state")
            }
            bobSocket.send(#"{"type":"chat","game":"\#(game)","text":"from bob"}"#)
            #expect(try await bobSocket.next("chat_message").text == "from bob")
            annSocket.send(#"{"type":"chat","game":"\#(game)","text":"from ann"}"#)
            #expect(try await annSocket.next("chat_message").text == "from ann")
            // Each hears only their own line: Bob's is held back from Ann, who blocks him, and
            // Ann's from Bob, whom she blocks.
            for socket in [annSocket, bobSocket] { try await socket.settle() }
            #expect(annSocket.all.filter { $0.type == "chat_message" }.map(\.text) == ["from ann"])
            #expect(bobSocket.all.filter { $0.type == "chat_message" }.map(\.text) == ["from bob"])
        }
    }

    @Test func usersAreFoundByUsernamePrefix() async throws {
        try await withOnlinePlayServer { server in
            let ann = try await server.guest()
            for name in ["zed_one", "zed_two", "zedthree", "zebra"] {
                let made = try await server.client.executeRequest(
                    uri: "/auth/register", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username":"\#(name)","password":"correct horse battery"}"#))
                #expect(made.status == .created || made.status == .ok)
            }
            let first = try await server.call(.get, "/users/search?prefix=ZED_&limit=1", as: ann)
            #expect((first.json["users"] as? [[String: Any]])?.first?["username"] as? String == "zed_one")
            let next = try #require(first.json["next"] as? String)
            let second = try await server.call(.get, "/users/search?prefix=zed_&limit=1&cursor=\(next)", as: ann)
            #expect((second.json["users"] as? [[String: Any]])?.first?["username"] as? String == "zed_two")
            let all = try await server.call(.get, "/users/search?prefix=ze", as: ann)
            #expect((all.json["users"] as? [Any])?.count == 4)
            #expect(try await server.call(.get, "/users/search?prefix=a%25", as: ann).status == 400)
        }
    }
}

/// Deleting an account takes its friendships, blocks, scores and achievements with it.
@Suite struct SocialErasureTests {
    @Test(arguments: TestDatabaseKind.available)
    func aDeletedPlayerLeavesNoFriendshipScoreOrGap(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            _ = try await server.decide(winner: bob, loser: ann)
            _ = try await server.decide(winner: bob, loser: cat)
            _ = try await server.decide(winner: ann, loser: cat)
            try await server.befriend(ann, bob)
            #expect(try await server.relation(.put, "/blocks/\(cat.user)", as: bob).relation == "blocking")
            #expect(try await server.board("/leaderboards/quortex.wins", as: ann).map(\.rank) == [1, 2, 3])
            // Bob is still playing Cat when he leaves: that game is resigned for him after the deletion.
            _ = try await server.table(game: "quortex", players: [bob, cat], mode: "turn_based")
            #expect(try await server.call(.delete, "/users/me", as: bob).status == 204)
            let deadline = ContinuousClock.now + .seconds(30)
            while try await server.board("/leaderboards/quortex.wins", as: ann).first(where: { $0.user == cat.user })?.score != 1 {
                guard ContinuousClock.now < deadline else { throw TestSetupError("Cat's win never counted") }
                try await Task.sleep(for: .milliseconds(20))
            }
            // Ann and Cat share first place, with no entry left of Bob, before or after his deletion.
            let wins = try await server.board("/leaderboards/quortex.wins", as: ann)
            #expect(Set(wins.map(\.user)) == [ann.user, cat.user] && wins.map(\.rank) == [1, 1])
            #expect((try await server.call(.get, "/leaderboards/quortex.wins", as: ann).json["total"] as? Int) == 2)
            #expect((try await server.call(.get, "/friends", as: ann).json["friends"] as? [Any])?.isEmpty == true)
            let rows = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM user_blocks WHERE blocker_id = \(bind: bob.user)").first()?.decode(column: "n", as: Int.self)
            }
            #expect(rows == 0)
            #expect(try await server.call(.get, "/users/\(bob.user)", as: ann).status == 404)
        }
    }
}
