import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// The admin users routes: finding users and reading one's page (staff), deleting them and
/// giving roles (admins only), each change with its audit record.
@Suite("Admin users", .timeLimit(.minutes(2)))
struct AdminUserTests {
    @Test(arguments: TestDatabaseKind.available)
    func staffFindUsersAndReadTheirPage(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let tag = UUID().uuidString.prefix(6).lowercased()
            let found = try await Moderation.register(server, "zed\(tag)", email: "someone.\(tag)@example.com")
            let second = try await Moderation.register(server, "zed\(tag)")
            _ = try await Moderation.login(server, found.name)
            let moderator = try await server.staff(.moderator)
            let player = try await server.guest()

            #expect(try await server.call(.get, "/admin/users?query=zed", as: player).status == 403)
            #expect(try await server.call(.get, "/admin/users/\(found.guest.user)", as: player).status == 403)

            // By username (either case), by email, paged newest first.
            let byName = try await server.call(.get, "/admin/users?query=ZED\(tag)&limit=1", as: moderator)
            #expect(byName.status == 200)
            let first = (byName.json["users"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(first.count == 1)
            let cursor = try #require(byName.json["next"] as? String)
            let rest = try await server.call(.get, "/admin/users?query=zed\(tag)&limit=1&cursor=\(cursor)", as: moderator)
            let then = (rest.json["users"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(Set(first + then) == [found.guest.user, second.guest.user])
            #expect(rest.json["next"] == nil)
            let byMail = try await server.call(.get, "/admin/users?query=someone.\(tag)%40example", as: moderator)
            let mailed = try #require((byMail.json["users"] as? [[String: Any]])?.first)
            #expect(mailed["id"] as? String == found.guest.user)
            #expect(mailed["email"] as? String == "someone.\(tag)@example.com")
            // LIKE's wildcards match only themselves.
            let wildcard = try await server.call(.get, "/admin/users?query=%25", as: moderator)
            #expect((wildcard.json["users"] as? [Any])?.isEmpty == true)
            #expect(try await server.call(.get, "/admin/users?cursor=nonsense", as: moderator).status == 400)

            // A user's page: account, email, ways to sign in, live sessions, no suspension.
            let page = try await server.call(.get, "/admin/users/\(found.guest.user)", as: moderator)
            #expect(page.status == 200)
            let user = try #require(page.json["user"] as? [String: Any])
            #expect(user["username"] as? String == found.name)
            #expect(user["email"] as? String == "someone.\(tag)@example.com")
            #expect(user["has_password"] as? Bool == true)
            #expect((page.json["sessions"] as? [Any])?.count == 2)
            #expect(page.json["suspension"] == nil)
            let staffPage = try await server.call(.get, "/admin/users/\(moderator.user)", as: moderator)
            #expect((staffPage.json["user"] as? [String: Any])?["roles"] as? [String] == ["moderator"])
            let missing = try await server.call(.get, "/admin/users/\(UUID().uuidString.lowercased())", as: moderator)
            #expect(missing.status == 404)
            #expect(Moderation.code(missing) == "user_not_found")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func onlyAnAdminDeletesAUserAsTheyWouldThemselves(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let target = try await Moderation.register(server)
            let (player, moderator, admin) = (try await server.guest(), try await server.staff(.moderator), try await server.admin())
            let reason = #"{"reason":"asked by support ticket 42"}"#
            #expect(try await server.call(.delete, "/admin/users/\(target.guest.user)", as: player, body: reason).status == 403)
            #expect(try await server.call(.delete, "/admin/users/\(target.guest.user)", as: moderator, body: reason).status == 403)
            #expect(try await server.call(.delete, "/admin/users/\(target.guest.user)", as: admin, body: #"{"reason":""}"#).status == 400)
            #expect(try await server.call(.get, "/users/me", as: target.guest).status == 200)

            #expect(try await server.call(.delete, "/admin/users/\(target.guest.user)", as: admin, body: reason).status == 204)
            // The erasure of DELETE /users/me: the session ends, the name goes, sign-in fails.
            #expect(try await server.call(.get, "/users/me", as: target.guest).status == 401)
            #expect(try await Moderation.login(server, target.name).status == 401)
            #expect(try await server.call(.get, "/admin/users/\(target.guest.user)", as: admin).status == 404)
            let records = try await Moderation.audit(server, as: admin, kind: "user", id: target.guest.user)
            #expect(records.map { $0["action"] as? String } == ["user.delete"])
            #expect(records.first?["reason"] as? String == "asked by support ticket 42")
            #expect(try await server.call(.delete, "/admin/users/\(target.guest.user)", as: admin, body: reason).status == 404)

            // The last admin cannot delete themselves.
            let last = try await server.call(.delete, "/admin/users/\(admin.user)", as: admin, body: reason)
            #expect(last.status == 409)
            #expect(Moderation.code(last) == "last_admin")
            #expect(try await server.call(.get, "/users/me", as: admin).status == 200)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func onlyAnAdminGivesRolesAndOneAdminAlwaysRemains(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (player, moderator, admin) = (try await server.guest(), try await server.staff(.moderator), try await server.admin())
            func role(_ id: String, _ role: String, as caller: OnlinePlayServer.Guest) async throws -> (status: Int, json: [String: Any]) {
                try await server.call(.put, "/admin/users/\(id)/role", as: caller, body: #"{"role":"\#(role)","reason":"team change"}"#)
            }
            #expect(try await role(player.user, "moderator", as: player).status == 403)
            #expect(try await role(player.user, "moderator", as: moderator).status == 403)
            #expect(try await role(player.user, "owner", as: admin).status == 400)
            #expect(try await server.call(.get, "/admin/reports", as: player).status == 403)

            let promoted = try await role(player.user, "moderator", as: admin)
            #expect(promoted.status == 200)
            #expect(promoted.json["roles"] as? [String] == ["moderator"])
            // The role holds on the next request with the same token.
            #expect(try await server.call(.get, "/admin/reports", as: player).status == 200)
            #expect(try await role(player.user, "none", as: admin).json["roles"] as? [String] == [])
            #expect(try await server.call(.get, "/admin/reports", as: player).status == 403)
            let records = try await Moderation.audit(server, as: admin, kind: "user", id: player.user)
            #expect(records.map { $0["action"] as? String } == ["user.role", "user.role"])
            #expect(records.first?["details"] as? [String: String] == ["from": "moderator", "to": "player"])

            // The only admin keeps the role; with a second one they may step down.
            let alone = try await role(admin.user, "moderator", as: admin)
            #expect(alone.status == 409)
            #expect(Moderation.code(alone) == "last_admin")
            #expect(try await role(moderator.user, "admin", as: admin).status == 200)
            #expect(try await role(admin.user, "none", as: admin).status == 200)
            #expect(try await server.call(.get, "/admin/audit", as: admin).status == 403)
            #expect(try await role(player.user, "admin", as: admin).status == 403)
            #expect(try await role(player.user, "moderator", as: moderator).status == 200)
            #expect(try await role(UUID().uuidString.lowercased(), "moderator", as: moderator).status == 404)
        }
    }
}
