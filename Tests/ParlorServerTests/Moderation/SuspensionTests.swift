import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import TestSupport
import Testing

/// Suspending a user ends their sessions and sockets, takes them out of waiting games and quick
/// match, and refuses sign-in and refresh with `account_suspended` until it ends or is lifted.
@Suite("Suspensions", .timeLimit(.minutes(2)))
struct SuspensionTests {
    @Test(arguments: TestDatabaseKind.available)
    func aSuspensionEndsEverythingAndLiftingItRestoresSignIn(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let user = try await Moderation.register(server)
            let (host, moderator, admin) = (try await server.guest(), try await server.staff(.moderator), try await server.admin())
            let port = try #require(server.client.port)
            let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: user.guest.token)
            _ = try await socket.next("welcome")

            // What others wait on: the user's own waiting game, their place in another's, a quick-match entry.
            let own = try await server.call(.post, "/games", as: user.guest, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
            let ownGame = try #require(own.json["id"] as? String)
            let hosted = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
            let hostGame = try #require(hosted.json["id"] as? String)
            let code = try #require(hosted.json["invite_code"] as? String)
            #expect(try await server.call(.post, "/games/join", as: user.guest, body: #"{"code":"\#(code)"}"#).status == 200)
            let queued = try await server.call(.post, "/matchmaking/quick", as: user.guest, body: #"{"game_type":"crazy-eights","players":4}"#)
            #expect(queued.status == 200, "\(queued.json)")

            let until = Date().addingTimeInterval(3600)
            let body = #"{"until":"\#(until.formatted(.iso8601))","reason":"abusive chat, third warning"}"#
            let suspended = try await server.call(.post, "/admin/users/\(user.guest.user)/suspend", as: moderator, body: body)
            #expect(suspended.status == 200, "\(suspended.json)")
            #expect(suspended.json["ban"] as? Bool == false)
            #expect(suspended.json["by"] as? String == moderator.user)

            // The socket closes and the access token stops working.
            // (A close frame: the server ended it, as it does for ended sessions.)
            #expect(try await socket.closed() != nil)
            #expect(try await server.call(.get, "/users/me", as: user.guest).status == 401)
            // Refresh and sign-in are refused with the code and the end time.
            for answer in [
                try await Moderation.post(server, "/auth/refresh", #"{"refresh_token":"\#(user.refresh)"}"#),
                try await Moderation.login(server, user.name),
            ] {
                #expect(answer.status == 403)
                #expect(Moderation.code(answer) == "account_suspended")
                let end = (Moderation.error(answer)["suspended_until"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
                #expect(end.map { abs($0.timeIntervalSince(until)) < 1 } == true, "\(answer.json)")
            }

            // Their waiting game is abandoned, their place in the other is given up, their queue entry gone.
            let state = try await server.database.withConnection { sql in
                (
                    try await sql.raw("SELECT status FROM games WHERE id = \(bind: ownGame)").first()?.decode(column: "status", as: String.self),
                    try await sql.raw("SELECT COUNT(*) AS n FROM game_players WHERE game = \(bind: hostGame) AND user_id = \(bind: user.guest.user)")
                        .first()?.decode(column: "n", as: Int.self),
                    try await sql.raw("SELECT COUNT(*) AS n FROM quick_match_queue WHERE user_id = \(bind: user.guest.user)")
                        .first()?.decode(column: "n", as: Int.self)
                )
            }
            #expect(state.0 == "abandoned")
            #expect(state.1 == 0)
            #expect(state.2 == 0)
            let hostView = try await server.call(.get, "/games/\(hostGame)", as: host)
            #expect(hostView.json["status"] as? String == "waiting")

            let records = try await Moderation.audit(server, as: admin, kind: "user", id: user.guest.user)
            #expect(records.map { $0["action"] as? String } == ["user.suspend"])
            #expect(records.first?["reason"] as? String == "abusive chat, third warning")
            #expect(records.first?["actor"] as? String == moderator.user)

            // The admin page shows it; lifting it restores sign-in, once.
            let page = try await server.call(.get, "/admin/users/\(user.guest.user)", as: moderator)
            #expect((page.json["suspension"] as? [String: Any])?["reason"] as? String == "abusive chat, third warning")
            #expect((page.json["sessions"] as? [Any])?.isEmpty == true)
            let lift = #"{"reason":"appeal accepted"}"#
            #expect(try await server.call(.post, "/admin/users/\(user.guest.user)/unsuspend", as: moderator, body: lift).status == 204)
            #expect(try await Moderation.login(server, user.name).status == 200)
            let again = try await server.call(.post, "/admin/users/\(user.guest.user)/unsuspend", as: moderator, body: lift)
            #expect(again.status == 409)
            #expect(Moderation.code(again) == "not_suspended")
            let after = try await Moderation.audit(server, as: admin, kind: "user", id: user.guest.user)
            #expect(after.map { $0["action"] as? String } == ["user.unsuspend", "user.suspend"])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func whoMaySuspendWhomAndBans(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (player, other) = (try await server.guest(), try await server.guest())
            let (moderator, colleague, admin) = (try await server.staff(.moderator), try await server.staff(.moderator), try await server.admin())
            let soon = #"{"until":"\#(Date().addingTimeInterval(600).formatted(.iso8601))","reason":"cool off"}"#
            func suspend(_ id: String, as caller: OnlinePlayServer.Guest, _ body: String = soon) async throws -> (status: Int, json: [String: Any]) {
                try await server.call(.post, "/admin/users/\(id)/suspend", as: caller, body: body)
            }
            #expect(try await suspend(other.user, as: player).status == 403)
            #expect(try await server.call(.post, "/admin/users/\(other.user)/unsuspend", as: player, body: #"{"reason":"x"}"#).status == 403)
            #expect(try await suspend(admin.user, as: moderator).status == 403)
            #expect(try await suspend(colleague.user, as: moderator).status == 403)
            let unknown = try await suspend(UUID().uuidString.lowercased(), as: moderator)
            #expect(unknown.status == 404)
            #expect(Moderation.code(unknown) == "user_not_found")
            let selfSuspend = try await suspend(moderator.user, as: moderator)
            #expect(selfSuspend.status == 422)
            #expect(Moderation.code(selfSuspend) == "cannot_suspend_self")
            let past = #"{"until":"\#(Date().addingTimeInterval(-60).formatted(.iso8601))","reason":"x"}"#
            let both = #"{"until":"\#(Date().addingTimeInterval(60).formatted(.iso8601))","ban":true,"reason":"x"}"#
            for bad in [#"{"reason":"no end given"}"#, past, both, #"{"ban":true}"#, #"{"ban":true,"reason":"  "}"#] {
                let answer = try await suspend(other.user, as: moderator, bad)
                #expect(answer.status == 400, "\(bad): \(answer.json)")
            }
            // None of those wrote anything.
            #expect(try await Moderation.audit(server, as: admin, kind: "user", id: other.user).isEmpty)
            #expect(try await Moderation.audit(server, as: admin, kind: "user", id: colleague.user).isEmpty)

            // A ban of a guest: signing in again with the same device answers without an end time.
            let device = UUID().uuidString
            let guest = try await Moderation.post(server, "/auth/guest", #"{"device_id":"\#(device)"}"#)
            let guestID = try #require((guest.json["user"] as? [String: Any])?["id"] as? String)
            let banned = try await suspend(guestID, as: moderator, #"{"ban":true,"reason":"cheating tools"}"#)
            #expect(banned.status == 200)
            #expect(banned.json["ban"] as? Bool == true)
            #expect(banned.json["until"] == nil)
            let refused = try await Moderation.post(server, "/auth/guest", #"{"device_id":"\#(device)"}"#)
            #expect(refused.status == 403)
            #expect(Moderation.code(refused) == "account_suspended")
            #expect(Moderation.error(refused)["suspended_until"] == nil)
            let bans = try await server.call(.get, "/admin/audit?action=user.suspend&target_id=\(guestID)", as: admin)
            #expect((bans.json["records"] as? [[String: Any]])?.first?["details"] as? [String: String] == ["ban": "true"])

            // An admin may suspend a moderator; a moderator may not lift it.
            #expect(try await suspend(colleague.user, as: admin).status == 200)
            #expect(try await server.call(.post, "/admin/users/\(colleague.user)/unsuspend", as: moderator, body: #"{"reason":"x"}"#).status == 403)
            #expect(try await server.call(.post, "/admin/users/\(colleague.user)/unsuspend", as: admin, body: #"{"reason":"done"}"#).status == 204)
        }
    }

    /// A sign-in racing a suspension may start a session the suspension's revocation did not
    /// see: that session is refused on its first request all the same.
    @Test(arguments: TestDatabaseKind.available)
    func aSessionThatOutlivesItsSuspensionIsRefused(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let user = try await server.guest()
            #expect(try await server.call(.get, "/users/me", as: user).status == 200)
            // The race's outcome, written directly: a suspension row, the session still live.
            try await server.database.withConnection { sql in
                try await sql.raw("""
                    INSERT INTO user_suspensions (user_id, until_at, reason, actor_id, created_at)
                    VALUES (\(bind: user.user), NULL, 'raced', 'nobody', 0)
                    """).run()
            }
            let refused = try await server.call(.get, "/users/me", as: user)
            #expect(refused.status == 401)
            #expect(Moderation.code(refused) == "session_ended")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aSuspensionEndsByTimeWithNothingToRun(kind: TestDatabaseKind) async throws {
        let options = ServerOptions(kind: kind, manualClock: true, accounts: { $0.rateLimits = .off })
        try await withServer(options) { test in
            let server = OnlinePlayServer(test)
            let user = try await Moderation.register(server)
            let moderator = try await server.staff(.moderator)
            let until = test.clock.now().addingTimeInterval(3600)
            let body = #"{"until":"\#(until.formatted(.iso8601))","reason":"one hour out"}"#
            #expect(try await server.call(.post, "/admin/users/\(user.guest.user)/suspend", as: moderator, body: body).status == 200)
            #expect(try await Moderation.login(server, user.name).status == 403)
            test.clock.advance(seconds: 3599)
            #expect(try await Moderation.login(server, user.name).status == 403)
            test.clock.advance(seconds: 2)
            #expect(try await Moderation.login(server, user.name).status == 200)
        }
    }
}
