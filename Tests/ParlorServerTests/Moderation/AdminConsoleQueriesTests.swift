import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// What the console's users and reports pages needed of the admin API: a search that finds an
/// id and carries each user's suspension, and the reports about one user.
@Suite("Admin API for the console's users pages", .timeLimit(.minutes(2)))
struct AdminConsoleQueriesTests {
    @Test(arguments: TestDatabaseKind.available)
    func theSearchFindsAnIdAndTellsWhoIsSuspended(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await Moderation.register(server, "idfind"), try await Moderation.register(server, "idfind"))
            let moderator = try await server.staff(.moderator)

            let byID = try await server.call(.get, "/admin/users?query=\(ann.guest.user)", as: moderator)
            #expect((byID.json["users"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ann.guest.user])
            // Part of an id is not an id: no one matches.
            let partial = try await server.call(.get, "/admin/users?query=\(ann.guest.user.prefix(30))x", as: moderator)
            #expect((partial.json["users"] as? [Any])?.isEmpty == true)

            let until = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
            let suspended = try await server.call(
                .post, "/admin/users/\(ann.guest.user)/suspend", as: moderator, body: #"{"until":"\#(until)","reason":"cooling off"}"#)
            #expect(suspended.status == 200)
            let listed = try await server.call(.get, "/admin/users?query=idfind", as: moderator)
            let users = listed.json["users"] as? [[String: Any]] ?? []
            let annRow = try #require(users.first { $0["id"] as? String == ann.guest.user })
            let bobRow = try #require(users.first { $0["id"] as? String == bob.guest.user })
            let suspension = try #require(annRow["suspension"] as? [String: Any])
            #expect(suspension["ban"] as? Bool == false)
            #expect(suspension["reason"] as? String == "cooling off")
            #expect(suspension["by"] as? String == moderator.user)
            #expect(bobRow["suspension"] == nil)

            // Lifted: the search no longer shows it.
            #expect(try await server.call(.post, "/admin/users/\(ann.guest.user)/unsuspend", as: moderator, body: #"{"reason":"done"}"#).status == 204)
            let after = try await server.call(.get, "/admin/users?query=\(ann.guest.user)", as: moderator)
            #expect((after.json["users"] as? [[String: Any]])?.first?["suspension"] == nil)
            #expect((after.json["users"] as? [Any])?.count == 1)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func reportsCanBeListedForOneUser(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let moderator = try await server.staff(.moderator)
            for (reporter, target) in [(ann, bob), (cat, bob), (bob, cat)] {
                let made = try await server.call(.post, "/reports", as: reporter, body: #"{"user_id":"\#(target.user)","reason":"spam"}"#)
                #expect(made.status == 201)
            }
            func about(_ query: String) async throws -> [String] {
                let answer = try await server.call(.get, "/admin/reports?\(query)", as: moderator)
                #expect(answer.status == 200, "\(query): \(answer.json)")
                return (answer.json["reports"] as? [[String: Any]] ?? []).compactMap { ($0["user"] as? [String: Any])?["id"] as? String }
            }
            #expect(try await about("user_id=\(bob.user)") == [bob.user, bob.user])
            #expect(try await about("user_id=\(cat.user)&status=open") == [cat.user])
            #expect(try await about("user_id=\(cat.user)&status=dismissed").isEmpty)
            #expect(try await about("user_id=\(ann.user)").isEmpty)
            #expect(try await about("").count == 3)
            // Paged within the one user.
            let first = try await server.call(.get, "/admin/reports?user_id=\(bob.user)&limit=1", as: moderator)
            let cursor = try #require(first.json["next"] as? String)
            let second = try await server.call(.get, "/admin/reports?user_id=\(bob.user)&limit=1&cursor=\(cursor)", as: moderator)
            #expect((second.json["reports"] as? [Any])?.count == 1)
            #expect(second.json["next"] == nil)
            #expect(try await server.call(.get, "/admin/reports?user_id=\(bob.user)", as: ann).status == 403)
        }
    }
}
