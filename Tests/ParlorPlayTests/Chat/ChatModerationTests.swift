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

/// Staff read a game's whole chat and remove lines: players are refused, every removal leaves
/// one audit record written with it, and a removed line is no longer replayed nor in the record.
@Suite(.timeLimit(.minutes(5))) struct ChatModerationTests {
    @Test(arguments: TestDatabaseKind.available)
    func moderatorsPageThroughAGamesChatHiddenLinesIncluded(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let moderator = try await server.staff(.moderator)
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            #expect(try await server.relation(.put, "/blocks/\(ann.user)", as: bob).relation == "blocking")
            let (annSocket, bobSocket) = (try await ChatTable.socket(server, ann), try await ChatTable.socket(server, bob))
            defer { [annSocket, bobSocket].forEach { $0.close() } }
            for socket in [annSocket, bobSocket] { _ = try await ChatTable.subscribe(socket, game) }
            for (socket, text) in [(annSocket, "a1"), (bobSocket, "b1"), (annSocket, "a2")] {
                try ChatTable.send(socket, game, text)
                try await Audience.hear(socket, text)
            }
            #expect(try await ChatTable.heard(bobSocket, in: game) == ["b1"], "Bob blocks Ann: none of hers reach him")

            for player in [ann, bob] {
                let refused = try await server.call(.get, "/admin/games/\(id)/chat", as: player)
                #expect(refused.status == 403 && (refused.json["error"] as? [String: Any])?["code"] as? String == "forbidden", "\(refused)")
            }
            let first = try await server.call(.get, "/admin/games/\(id)/chat?limit=2", as: moderator)
            #expect(first.status == 200, "\(first)")
            let firstLines = try #require(first.json["lines"] as? [[String: Any]])
            #expect(firstLines.compactMap { $0["text"] as? String } == ["a2", "b1"], "newest first")
            #expect(firstLines.first?["user"] as? String == ann.user)
            let next = try #require(first.json["next"] as? String)
            let second = try await server.call(.get, "/admin/games/\(id)/chat?limit=2&cursor=\(next)", as: moderator)
            #expect((second.json["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["a1"])
            #expect(second.json["next"] == nil)

            #expect(try await server.call(.get, "/admin/games/\(UUID().uuidString.lowercased())/chat", as: moderator).status == 404)
            #expect(try await server.call(.get, "/admin/games/\(id)/chat?cursor=nonsense", as: moderator).status == 400)
            #expect(try await server.call(.get, "/admin/games/\(id)/chat?limit=0", as: moderator).status == 400)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aRemovedLineIsAuditedAndNoLongerReplayedNorInTheRecord(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let moderator = try await server.staff(.moderator)
            let admin = try await server.admin()
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let other = try await server.table(game: "quortex", players: [ann, cat], mode: "turn_based")
            let id = game.uuidString.lowercased()
            let socket = try await ChatTable.socket(server, ann)
            defer { socket.close() }
            _ = try await ChatTable.subscribe(socket, game)
            try ChatTable.send(socket, game, "fine line")
            _ = try await ChatTable.nextLine(socket)
            try ChatTable.send(socket, game, "nasty line")
            let nasty = try #require(try await ChatTable.nextLine(socket)["id"] as? String)
            let unknown = try #require(Int(nasty)) + 1000

            // Players may not remove lines, nor may anyone without a reason; nothing changes.
            for player in [ann, bob] {
                #expect(try await server.call(.delete, "/admin/games/\(id)/chat/\(nasty)", as: player, body: #"{"reason":"spam"}"#).status == 403)
            }
            for body in [#"{}"#, #"{"reason":""}"#, #"{"reason":"   "}"#, #"{"reason":"\#(String(repeating: "r", count: 501))"}"#, #"{"reason":"x","extra":1}"#] {
                let refused = try await server.call(.delete, "/admin/games/\(id)/chat/\(nasty)", as: moderator, body: body)
                #expect(refused.status == 400, "\(body): \(refused)")
            }
            #expect(try await server.call(.delete, "/admin/games/\(other.uuidString.lowercased())/chat/\(nasty)", as: moderator, body: #"{"reason":"spam"}"#).status == 404)
            #expect(try await server.call(.delete, "/admin/games/\(id)/chat/\(unknown)", as: moderator, body: #"{"reason":"spam"}"#).status == 404)
            #expect(try await server.call(.delete, "/admin/games/\(id)/chat/not-a-line", as: moderator, body: #"{"reason":"spam"}"#).status == 404)
            #expect(try await ChatTable.stored(server, game).map(\.removed) == [false, false])
            #expect(try await Self.audit(server, admin).isEmpty)

            let removed = try await server.call(.delete, "/admin/games/\(id)/chat/\(nasty)", as: moderator, body: #"{"reason":"insults"}"#)
            #expect(removed.status == 200, "\(removed)")
            #expect(removed.json["removed_by"] as? String == moderator.user)
            #expect(removed.json["removed_at"] is String)
            #expect(removed.json["text"] as? String == "nasty line")
            let again = try await server.call(.delete, "/admin/games/\(id)/chat/\(nasty)", as: moderator, body: #"{"reason":"insults"}"#)
            #expect(again.status == 200 && again.json["removed_at"] as? String == removed.json["removed_at"] as? String)

            let records = try await Self.audit(server, admin)
            #expect(records.count == 1, "a repeated removal records nothing again")
            #expect(records.first?["actor"] as? String == moderator.user)
            #expect(records.first?["target_kind"] as? String == "chat_line")
            #expect(records.first?["target_id"] as? String == nasty)
            #expect(records.first?["reason"] as? String == "insults")
            #expect((records.first?["details"] as? [String: Any])?["game"] as? String == id)
            #expect((records.first?["details"] as? [String: Any])?["user"] as? String == ann.user)

            #expect(ChatTable.replayed(try await ChatTable.subscribe(try await ChatTable.socket(server, bob), game)) == ["fine line"])
            let listed = try await server.call(.get, "/admin/games/\(id)/chat", as: moderator)
            #expect((listed.json["lines"] as? [[String: Any]])?.first?["removed_by"] as? String == moderator.user, "kept for staff, marked")
            try await ChatTable.resign(server, game, as: bob)
            #expect(try await ChatTable.record(server, game, as: ann) == ["fine line"])
        }
    }

    /// A deleted account's lines go from every game; the others' stay.
    @Test(arguments: TestDatabaseKind.available)
    func deletingAnAccountErasesItsLines(kind: TestDatabaseKind) async throws {
        try await withChatServer(kind: kind) { server, _ in
            let (ann, bob, game, annSocket, bobSocket) = try await ChatTable.seated(server)
            defer { [annSocket, bobSocket].forEach { $0.close() } }
            for (socket, text) in [(annSocket, "ann's words"), (bobSocket, "bob's words")] {
                try ChatTable.send(socket, game, text)
                try await Audience.hear(bobSocket, text)
            }
            #expect(try await server.call(.delete, "/users/me", as: ann).status == 204)
            #expect(try await ChatTable.stored(server, game).map(\.user) == [bob.user])
            let resumed = try await ChatTable.socket(server, bob)
            defer { resumed.close() }
            #expect(ChatTable.replayed(try await ChatTable.subscribe(resumed, game)) == ["bob's words"])
        }
    }

    /// The `chat.line.delete` records, as an admin lists them.
    private static func audit(_ server: OnlinePlayServer, _ admin: OnlinePlayServer.Guest) async throws -> [[String: Any]] {
        let answer = try await server.call(.get, "/admin/audit?action=chat.line.delete", as: admin)
        guard answer.status == 200 else { throw TestSetupError("audit refused: \(answer)") }
        return answer.json["records"] as? [[String: Any]] ?? []
    }
}
