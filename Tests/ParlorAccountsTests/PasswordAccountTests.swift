import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

@Suite struct PasswordAccountTests {
    @Test(arguments: TestDatabaseKind.available)
    func registerThenSignInByUsernameOrEmailIgnoringCase(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let registered = try await server.register("Alice", email: "Alice@Example.com")
            #expect(registered.status == .ok)
            #expect(registered.json["is_new_user"] as? Bool == true)
            #expect(registered.user["username"] as? String == "Alice")
            #expect(registered.user["has_password"] as? Bool == true)
            #expect(registered.json["token_type"] as? String == "Bearer")
            #expect(registered.json["expires_in"] as? Int == 900)

            for login in ["alice", "ALICE", "alice@example.com"] {
                let signedIn = try await server.call("/auth/login", ["login": login, "password": "correct horse battery"])
                #expect(signedIn.status == .ok, "login \(login)")
                #expect(signedIn.user["id"] as? String == registered.user["id"] as? String)
                #expect(signedIn.json["is_new_user"] as? Bool == false)
            }
            let me = try await server.call("/users/me", method: .get, token: registered["access_token"])
            #expect(me.status == .ok)
            #expect(me["email"] == "Alice@Example.com")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func usernamesAndEmailsAreUniqueIgnoringCase(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            #expect(try await server.register("bob", email: "bob@example.com").status == .ok)
            let sameName = try await server.register("BOB")
            #expect(sameName.status == .conflict)
            #expect(sameName.errorCode == "username_taken")
            let sameEmail = try await server.register("robert", email: "BOB@example.com")
            #expect(sameEmail.status == .conflict)
            #expect(sameEmail.errorCode == "email_taken")
            #expect(try await server.count("users") == 1, "refused sign-ups leave nothing behind")
        }
    }

    @Test func everyInvalidFieldIsReportedAtOnce() async throws {
        try await withAccountsServer { server in
            let reply = try await server.call(
                "/auth/register", ["username": "9lives", "password": "short", "email": "not-an-address", "display_name": "  "])
            #expect(reply.status == .badRequest)
            #expect(reply.errorCode == "invalid_fields")
            #expect(reply.invalidFields == ["username", "password", "email", "display_name"])

            let cases: [([String: any Sendable], String)] = [
                (["username": "ab", "password": "correct horse battery"], "username"),
                (["username": "has space", "password": "correct horse battery"], "username"),
                (["username": "admin", "password": "correct horse battery"], "username"),
                (["username": "carol", "password": "password123"], "password"),
                (["username": "carol", "password": "aaaaaaaaaaaa"], "password"),
                (["username": "carol", "password": "my carol password"], "password"),
                (["username": "carol", "password": String(repeating: "é", count: 40)], "password"),
            ]
            for (body, field) in cases {
                let refused = try await server.call("/auth/register", body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(refused.invalidFields == [field], "\(body)")
            }
            let malformed = try await server.call("/auth/register", ["username": 12])
            #expect(malformed.status == .badRequest)
        }
    }

    @Test func unknownAccountAndWrongPasswordAnswerAlike() async throws {
        try await withAccountsServer { server in
            #expect(try await server.register("dave").status == .ok)
            let wrong = try await server.call("/auth/login", ["login": "dave", "password": "not the password"])
            let unknown = try await server.call("/auth/login", ["login": "nobody_here", "password": "not the password"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.data == unknown.data)
            #expect(wrong.status == unknown.status)
        }
    }

    @Test func signInIsRateLimitedPerAccountAndPerAddress() async throws {
        try await withAccountsServer({ accounts in
            accounts.rateLimits.signInPerAccount = .init(3, per: .seconds(60))
            accounts.rateLimits.signInPerAddress = .init(5, per: .seconds(60))
        }) { server in
            #expect(try await server.register("erin").status == .ok)
            for _ in 0..<3 {
                #expect(try await server.call("/auth/login", ["login": "erin", "password": "guess guess guess"]).status == .unauthorized)
            }
            let limited = try await server.call("/auth/login", ["login": "erin", "password": "correct horse battery"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "rate_limited")
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...60).contains(retryAfter))

            // Another account from the same address still has two attempts left, then the address is limited.
            #expect(try await server.call("/auth/login", ["login": "frank", "password": "whatever pass"]).status == .unauthorized)
            #expect(try await server.call("/auth/login", ["login": "grace", "password": "whatever pass"]).status == .tooManyRequests)

            server.clock.advance(seconds: 61)
            let later = try await server.call("/auth/login", ["login": "erin", "password": "correct horse battery"])
            #expect(later.status == .ok, "a new window starts afresh")
        }
    }

    /// Fixed windows let twice the limit through across a window's edge; a sliding window does not.
    @Test func aBurstAcrossAMinuteBoundaryGetsNoMoreThanTheLimit() async throws {
        try await withAccountsServer({ $0.rateLimits.signInPerAddress = .init(5, per: .seconds(60)) }) { server in
            let millis = Int64(server.clock.now().timeIntervalSince1970 * 1000)
            server.clock.advance(seconds: Double(60_000 - millis % 60_000) / 1000 - 1)
            for index in 0..<5 {
                #expect(try await server.call("/auth/login", ["login": "nobody\(index)", "password": "whatever pass"]).status == .unauthorized)
            }
            server.clock.advance(seconds: 2)
            let limited = try await server.call("/auth/login", ["login": "nobody", "password": "whatever pass"])
            #expect(limited.status == .tooManyRequests, "five in the last two seconds already")
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((57...59).contains(retryAfter), "free when the first of the five is a minute old: \(retryAfter)")
            server.clock.advance(seconds: 59)
            #expect(try await server.call("/auth/login", ["login": "nobody", "password": "whatever pass"]).status == .unauthorized)
        }
    }

    /// Guessing by username and by email address draws on one budget: the account's. A login that
    /// names no account has a budget of its own, so typing a user's id cannot use up theirs.
    @Test func anAccountsLimitCountsItsUsernameAndEmailTogether() async throws {
        try await withAccountsServer({ $0.rateLimits.signInPerAccount = .init(3, per: .seconds(60)) }) { server in
            let registered = try await server.register("ivy", email: "ivy@example.com")
            let id = try #require((registered.json["user"] as? [String: any Sendable])?["id"] as? String)
            var guesses: [HTTPResponse.Status] = []
            for _ in 0..<4 { guesses.append(try await server.call("/auth/login", ["login": id, "password": "guess guess guess"]).status) }
            #expect(guesses == [.unauthorized, .unauthorized, .unauthorized, .tooManyRequests], "the id's own budget is spent")
            #expect(try await server.call("/auth/login", ["login": "ivy", "password": "correct horse battery"]).status == .ok)

            for login in ["ivy", "IVY@example.com"] {
                #expect(try await server.call("/auth/login", ["login": login, "password": "guess guess guess"]).status == .unauthorized)
            }
            let limited = try await server.call("/auth/login", ["login": "ivy@example.com", "password": "correct horse battery"])
            #expect(limited.status == .tooManyRequests, "three attempts on ivy's account, by either name")
        }
    }

    @Test func signUpIsRateLimitedPerAddress() async throws {
        try await withAccountsServer({ $0.rateLimits.signUpPerAddress = .init(2, per: .seconds(3600)) }) { server in
            #expect(try await server.register("user_one").status == .ok)
            #expect(try await server.register("user_two").status == .ok)
            let third = try await server.register("user_three")
            #expect(third.status == .tooManyRequests)
            #expect(try await server.count("users") == 2)
        }
    }

    @Test func usernameAvailability() async throws {
        try await withAccountsServer { server in
            #expect(try await server.register("heidi").status == .ok)
            let expectations: [(String, Bool, String?)] = [
                ("Heidi", false, "taken"), ("ivan", true, nil), ("root", false, "reserved"), ("x", false, "invalid"),
            ]
            for (name, available, reason) in expectations {
                let reply = try await server.call("/usernames/availability?username=\(name)", method: .get)
                #expect(reply.status == .ok)
                #expect(reply.json["available"] as? Bool == available, "\(name)")
                #expect(reply["reason"] == reason, "\(name)")
            }
            #expect(try await server.call("/usernames/availability", method: .get).status == .badRequest)
        }
    }
}
