import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import ParlorConsole
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import SQLKit
import ServerTestSupport
import Testing
import TestSupport

/// Signing in to the console, its cookie and CSRF rules, roles, sessions and the second factor.
@Suite struct ConsoleSignInTests {
    @Test func anAdminSignsInOnACookieThatOnlyTheConsoleReads() async throws {
        try await withOnlinePlayServer { server in
            let browser = ConsoleClient(server)
            let first = try await browser.get("/console")
            #expect(first.status == 303 && first.location == "/console/sign-in")
            let form = try await browser.get("/console/sign-in")
            #expect(form.status == 200)
            #expect(form.headers[values: .setCookie].contains { $0.contains("HttpOnly") && $0.contains("SameSite=Strict") && $0.contains("Path=/console") })
            try await browser.signInAsNewStaff(.admin)
            let overview = try await browser.get("/console")
            #expect(overview.status == 200)
            #expect(overview.headers[.init("Content-Security-Policy")!]?.contains("default-src 'none'") == true)
            #expect(overview.headers[.cacheControl] == "no-store")
            #expect(overview.text.contains("Sign out"))
        }
    }

    @Test func theCookieIsSecureBehindTLS() async throws {
        try await withOnlinePlayServer(configure: { $0.console.secureCookies = true }) { server in
            let form = try await ConsoleClient(server).get("/console/sign-in")
            #expect(form.headers[values: .setCookie].allSatisfy { $0.contains("Secure") })
        }
        try await withOnlinePlayServer(configure: { $0.console.trustForwardedProto = true }) { server in
            let proxied = try await ConsoleClient(server).get("/console/sign-in", headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(proxied.headers[values: .setCookie].allSatisfy { $0.contains("Secure") })
            let plain = try await ConsoleClient(server).get("/console/sign-in")
            #expect(plain.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
        try await withOnlinePlayServer { server in
            let ignored = try await ConsoleClient(server).get("/console/sign-in", headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(ignored.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") }, "an untrusted header is ignored")
        }
    }

    @Test func wrongPasswordsAndPlayersAreRefusedAlike() async throws {
        try await withOnlinePlayServer { server in
            let browser = ConsoleClient(server)
            let staff = ConsoleClient(server)
            try await staff.signInAsNewStaff(.admin, username: "chief")
            let wrong = try await browser.signIn(login: "chief", password: "not the password")
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("Wrong username or password, or the account is not staff."))
            let player = try await server.client.executeRequest(
                uri: "/auth/register", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"username":"plainplayer","password":"a player password 9"}"#))
            #expect(player.status.code < 300)
            let refused = try await browser.signIn(login: "plainplayer", password: "a player password 9")
            #expect(refused.status == 401)
            #expect(refused.text.contains("not staff"))
            #expect(try await browser.get("/console").status == 303)
        }
    }

    @Test func aBearerTokenOpensNothing() async throws {
        try await withOnlinePlayServer { server in
            let player = try await server.guest()
            let admin = try await server.admin()
            for token in [player.token, admin.token] {
                for path in ["/console", "/console/account", "/console/sessions"] {
                    let answer = try await ConsoleClient(server).get(path, headers: [.authorization: "Bearer \(token)"])
                    #expect(answer.status == 303, "\(path)")
                    #expect(answer.location?.hasPrefix("/console/sign-in") == true)
                }
                let post = try await ConsoleClient(server).post("/console/account/sessions/end-others", ["csrf": "x"])
                #expect(post.status == 403)
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func everyFormNeedsTheSessionsToken(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            _ = try await browser.get("/console/account")
            let missing = try await browser.post("/console/account/totp/begin", withCSRF: false)
            #expect(missing.status == 403)
            #expect(missing.text.contains("security token is missing or wrong"))
            let forged = try await browser.post("/console/account/totp/begin", ["csrf": "forged-token"])
            #expect(forged.status == 403)
            let page = try await browser.get("/console/account")
            #expect(page.text.contains("Set up an authenticator app"), "a refused form changed nothing")
            let sent = try await browser.post("/console/account/totp/begin")
            #expect(sent.status == 303)
            #expect(try await browser.follow(sent).text.contains("Add the key below"))
            // The sign-in form's own token is a cookie pair: a post without the cookie is refused.
            let stranger = ConsoleClient(server)
            let blind = try await stranger.post("/console/sign-in", ["csrf": "guess", "login": "x", "password": "y"])
            #expect(blind.status == 403)
        }
    }

    @Test func aModeratorIsRefusedAdminPages() async throws {
        try await withOnlinePlayServer { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let sessions = try await browser.get("/console/sessions")
            #expect(sessions.status == 403)
            #expect(sessions.text.contains("This page needs the admin role."))
            let overview = try await browser.get("/console")
            #expect(overview.status == 200)
            #expect(!overview.html.contains(#"href="/console/mini-apps""#), "admin sections are not offered to a moderator")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func sessionsAreListedAndEnded(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let laptop = ConsoleClient(server)
            try await laptop.signInAsNewStaff(.admin, username: "ops")
            let phone = ConsoleClient(server)
            #expect(try await phone.signIn(login: "ops", password: "console password 123").status == 303)
            let account = try await laptop.get("/console/account")
            #expect(account.html.components(separatedBy: "<tr><td>ops").count - 1 == 2)
            let ended = try await laptop.post("/console/account/sessions/end-others")
            #expect(try await laptop.follow(ended).text.contains("Every other session of yours has ended."))
            #expect(try await phone.get("/console").status == 303)
            #expect(try await laptop.get("/console").status == 200)
            let admin = try await server.admin()
            let signIns = try await server.call(.get, "/admin/audit?action=console.sign_in", as: admin)
            #expect((signIns.json["records"] as? [[String: Any]])?.count == 2, "each sign-in is in the audit trail: \(signIns.json)")
            let endings = try await server.call(.get, "/admin/audit?action=console.session.end_others", as: admin)
            #expect((endings.json["records"] as? [[String: Any]])?.count == 1, "\(endings.json)")
            let out = try await laptop.post("/console/sign-out")
            #expect(out.location == "/console/sign-in?signed_out=1")
            #expect(try await laptop.get("/console").status == 303)
        }
    }

    @Test func aSuspendedStaffMembersSessionEnds() async throws {
        try await withOnlinePlayServer { server in
            let moderator = ConsoleClient(server)
            let id = try await moderator.signInAsNewStaff(.moderator)
            let admin = try await server.admin()
            let suspend = try await server.call(.post, "/admin/users/\(id)/suspend", as: admin, body: #"{"reason":"test","ban":true}"#)
            #expect(suspend.status == 200, "\(suspend.json)")
            let after = try await moderator.get("/console")
            #expect(after.status == 403)
            #expect(after.text.contains("no longer staff, or is suspended"))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func deletingAStaffMemberForgetsTheirSessionsAndKey(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let moderator = ConsoleClient(server)
            let id = try await moderator.signInAsNewStaff(.moderator)
            _ = try await moderator.get("/console/account")
            _ = try await moderator.post("/console/account/totp/begin")
            let admin = try await server.admin()
            let deleted = try await server.call(.delete, "/admin/users/\(id)", as: admin, body: #"{"reason":"left the team"}"#)
            #expect(deleted.status == 200 || deleted.status == 204, "\(deleted.json)")
            let left = try await server.database.withConnection { sql in
                (
                    try await sql.select().column("id").from("console_sessions").where("user_id", .equal, id).all().count,
                    try await sql.select().column("user_id").from("staff_totp").where("user_id", .equal, id).all().count
                )
            }
            #expect(left == (0, 0))
            #expect(try await moderator.get("/console").status == 303)
        }
    }

    @Test func idleSessionsExpireAndUsedOnesLiveOn() async throws {
        let clock = ManualClock()
        try await withOnlinePlayServer(configure: { $0.now = clock.now }) { server in
            let busy = ConsoleClient(server)
            try await busy.signInAsNewStaff(.admin, username: "busy")
            let idle = ConsoleClient(server)
            #expect(try await idle.signIn(login: "busy", password: "console password 123").status == 303)
            // Used every 20 minutes for an hour, longer than the 30-minute idle limit: it lives on.
            for _ in 0..<3 {
                clock.advance(seconds: 20 * 60)
                #expect(try await busy.get("/console/account").status == 200)
            }
            #expect(try await idle.get("/console").status == 303, "the one not used for an hour has ended")
            clock.advance(seconds: 31 * 60)
            #expect(try await busy.get("/console").status == 303, "and so does the busy one, left for 31 minutes")
        }
    }

    @Test func aSessionEndsAtItsLifetimeHoweverBusy() async throws {
        let clock = ManualClock()
        try await withOnlinePlayServer(configure: { $0.now = clock.now }) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            // Used every 25 minutes: never idle, yet it ends 12 hours after sign-in.
            for _ in 0..<28 {
                clock.advance(seconds: 25 * 60)
                #expect(try await browser.get("/console").status == 200)
            }
            clock.advance(seconds: 25 * 60)
            #expect(try await browser.get("/console").status == 303)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aTOTPSecondFactorOnceEnrolled(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin, username: "careful")
            _ = try await browser.get("/console/account")
            let page = try await browser.follow(try await browser.post("/console/account/totp/begin"))
            let key = try #require(page.html.firstMatch(of: /secret=([A-Z2-7]+)&/)?.1)
            let totp = TOTP(key: try #require(Base32.decode(String(key))))
            let now = Int64(Date().timeIntervalSince1970)
            let wrong = try await browser.post("/console/account/totp/confirm", ["code": "000000" == totp.code(step: TOTP.step(at: now)) ? "111111" : "000000"])
            #expect(try await browser.follow(wrong).text.contains("That code is wrong"))
            let on = try await browser.post("/console/account/totp/confirm", ["code": totp.code(step: TOTP.step(at: now))])
            #expect(try await browser.follow(on).text.contains("Two-step sign-in is on"))
            _ = try await browser.post("/console/sign-out")

            let password = try await browser.signIn(login: "careful", password: "console password 123")
            #expect(password.location == "/console/sign-in/code")
            #expect(try await browser.get("/console").location == "/console/sign-in/code", "nothing opens before the code")
            _ = try await browser.get("/console/sign-in/code")
            let reused = try await browser.post("/console/sign-in/code", ["code": totp.code(step: TOTP.step(at: now))])
            #expect(reused.status == 401, "a code is good once")
            let next = try await browser.post("/console/sign-in/code", ["code": totp.code(step: TOTP.step(at: now) + 1)])
            #expect(next.status == 303 && next.location == "/console")
            #expect(try await browser.get("/console").status == 200)
        }
    }

    @Test func anAdminTurnsOffTheSecondFactorOfStaffWhoLostIt() async throws {
        try await withOnlinePlayServer { server in
            let moderator = ConsoleClient(server)
            let id = try await moderator.signInAsNewStaff(.moderator, username: "lostphone")
            _ = try await moderator.get("/console/account")
            let page = try await moderator.follow(try await moderator.post("/console/account/totp/begin"))
            let key = try #require(page.html.firstMatch(of: /secret=([A-Z2-7]+)&/)?.1)
            let totp = TOTP(key: try #require(Base32.decode(String(key))))
            _ = try await moderator.post("/console/account/totp/confirm", ["code": totp.code(step: TOTP.step(at: Int64(Date().timeIntervalSince1970)))])
            _ = try await moderator.post("/console/sign-out")
            #expect(try await moderator.signIn(login: "lostphone", password: "console password 123").location == "/console/sign-in/code")

            let admin = ConsoleClient(server)
            let adminID = try await admin.signInAsNewStaff(.admin)
            let staff = try await admin.get("/console/sessions")
            #expect(staff.html.contains(#"action="/console/staff/\#(id)/totp/reset""#))
            #expect(!staff.html.contains(#"action="/console/staff/\#(adminID)/totp/reset""#), "not offered for oneself")
            let noReason = try await admin.follow(try await admin.post("/console/staff/\(id)/totp/reset"))
            #expect(noReason.text.contains("A reason is required."))
            let reset = try await admin.follow(try await admin.post("/console/staff/\(id)/totp/reset", ["reason": "lost their phone"]))
            #expect(reset.text.contains("Two-step sign-in is off for that staff member"))
            let again = try await admin.follow(try await admin.post("/console/staff/\(id)/totp/reset", ["reason": "twice"]))
            #expect(again.text.contains("has no authenticator set up"))

            let fresh = ConsoleClient(server)
            #expect(try await fresh.signIn(login: "lostphone", password: "console password 123").location == "/console", "the password alone now")
            #expect(try await fresh.post("/console/staff/\(adminID)/totp/reset", ["reason": "x"]).status == 403, "a moderator may not")
            let token = try await server.admin()
            let audit = try await server.call(.get, "/admin/audit?action=console.totp.reset&target_id=\(id)", as: token)
            #expect((audit.json["records"] as? [[String: Any]])?.count == 1, "\(audit.json)")
        }
    }

    @Test func totpMatchesRFC6238() {
        // RFC 6238 appendix B, SHA-1 key "12345678901234567890", 8 digits truncated to our 6.
        let totp = TOTP(key: Array("12345678901234567890".utf8))
        #expect(totp.code(step: TOTP.step(at: 59)) == "287082")
        #expect(totp.code(step: TOTP.step(at: 1_111_111_109)) == "081804")
        #expect(totp.code(step: TOTP.step(at: 2_000_000_000)) == "279037")
        #expect(Base32.decode(Base32.encode(Array("hello, world".utf8))) == Array("hello, world".utf8))
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(totp.matchingStep("28708", at: 59, after: 0) == nil)
        #expect(totp.matchingStep("287082", at: 59, after: 1) == nil, "a used step is refused")
        #expect(totp.matchingStep("287 082", at: 59, after: 0) == 1)
    }
}
