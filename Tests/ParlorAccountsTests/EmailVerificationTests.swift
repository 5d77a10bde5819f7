import Foundation
import HTTPTypes
@testable import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Email verification through the real server: the code from the mail, wrong codes, expiry,
/// resends and their limit, and what `require_verified_email` holds back.
@Suite struct EmailVerificationTests {
    /// The verification mails written so far, oldest first.
    static func verificationMails(_ server: AccountsHarness, count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let mails = try server.mails().filter { $0.contains("Subject: Confirm your email address") || $0.contains("Subject: Confirma tu") }
            if mails.count >= count || ContinuousClock.now > deadline { return mails }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The six-digit code in a mail.
    static func code(in mail: String?) throws -> String {
        let text = try #require(mail)
        let match = try #require(text.firstMatch(of: /\b[0-9]{6}\b/))
        return String(match.output)
    }

    @Test(arguments: TestDatabaseKind.available)
    func theMailedCodeVerifiesTheAddress(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let reply = try await server.register("vera", email: "vera@example.com")
            #expect(reply.user["email_verified"] as? Bool == false)
            let token = reply["access_token"]
            let mails = try await Self.verificationMails(server, count: 1)
            #expect(mails.count == 1 && mails.first?.contains("To: vera@example.com") == true)
            let code = try Self.code(in: mails.first)
            let wrong = code == "000000" ? "000001" : "000000"

            let miss = try await server.call("/users/me/email/verify", ["code": wrong], token: token)
            #expect(miss.status == .unprocessableContent)
            #expect(miss.errorCode == "wrong_code")
            #expect(miss.invalidFields == ["code"])
            #expect((miss.json["error"] as? [String: any Sendable])?["message"] as? String == "the code is wrong; 4 attempts left")
            #expect(try await server.call("/users/me/email/verify", ["code": "12ab56"], token: token).invalidFields == ["code"])

            let hit = try await server.call("/users/me/email/verify", ["code": code], token: token)
            #expect(hit.status == .ok)
            #expect(hit.json["email_verified"] as? Bool == true)
            let me = try await server.call("/users/me", method: .get, token: token)
            #expect(me.json["email_verified"] as? Bool == true)
            // Verified already: the same answer, and no code left to guess at.
            #expect(try await server.call("/users/me/email/verify", ["code": wrong], token: token).status == .ok)
            #expect(try await server.count("email_codes") == 0)
            let again = try await server.call("/users/me/email/verification", token: token)
            #expect(again.status == .conflict && again.errorCode == "already_verified")
        }
    }

    @Test func fiveWrongCodesUseTheCodeUp() async throws {
        try await withAccountsServer { server in
            let token = try await server.register("wes", email: "wes@example.com")["access_token"]
            let code = try Self.code(in: try await Self.verificationMails(server, count: 1).first)
            let wrong = code == "999999" ? "999998" : "999999"
            var left: [String] = []
            for _ in 0..<5 {
                let reply = try await server.call("/users/me/email/verify", ["code": wrong], token: token)
                #expect(reply.status == .unprocessableContent)
                left.append((reply.json["error"] as? [String: any Sendable])?["message"] as? String ?? "")
            }
            #expect(left.last == "the code is wrong; no attempts left, ask for a new one", "\(left)")
            let spent = try await server.call("/users/me/email/verify", ["code": code], token: token)
            #expect(spent.status == .gone && spent.errorCode == "code_used_up", "the right code no longer works")
            // A new code replaces the spent one.
            #expect(try await server.call("/users/me/email/verification", token: token).status == .accepted)
            let fresh = try Self.code(in: try await Self.verificationMails(server, count: 2).last)
            #expect(try await server.call("/users/me/email/verify", ["code": fresh], token: token).json["email_verified"] as? Bool == true)
        }
    }

    @Test func codesExpireAfterThirtyMinutes() async throws {
        try await withAccountsServer { server in
            let token = try await server.register("xena", email: "xena@example.com")["access_token"]
            let code = try Self.code(in: try await Self.verificationMails(server, count: 1).first)
            server.clock.advance(seconds: 31 * 60)
            // The access token has expired too: sign in again.
            let fresh = try await server.call("/auth/login", ["login": "xena", "password": "correct horse battery"])["access_token"]
            let late = try await server.call("/users/me/email/verify", ["code": code], token: fresh)
            #expect(late.status == .gone && late.errorCode == "code_expired")
            #expect(try await server.call("/users/me", method: .get, token: fresh).json["email_verified"] as? Bool == false)
            #expect(token != nil)
        }
    }

    @Test func resendsAreRateLimitedAndReplaceTheCode() async throws {
        try await withAccountsServer({ $0.rateLimits.verificationMailPerAccount = .init(2, per: .seconds(3600)) }) { server in
            let token = try await server.register("yuri", email: "yuri@example.com")["access_token"]
            let first = try Self.code(in: try await Self.verificationMails(server, count: 1).first)
            #expect(try await server.call("/users/me/email/verification", token: token).status == .accepted)
            #expect(try await server.call("/users/me/email/verification", token: token).status == .accepted)
            let limited = try await server.call("/users/me/email/verification", token: token)
            #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter] != nil)
            let mails = try await Self.verificationMails(server, count: 3)
            #expect(mails.count == 3, "the limited request mailed nothing")
            let newest = try Self.code(in: mails.last)
            if first != newest {
                let old = try await server.call("/users/me/email/verify", ["code": first], token: token)
                #expect(old.status == .unprocessableContent, "a new code replaces the old")
            }
            #expect(try await server.call("/users/me/email/verify", ["code": newest], token: token).status == .ok)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func changingTheAddressMailsANewCodeForIt(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let guest = try await server.guest()
            let token = guest["access_token"]
            let none = try await server.call("/users/me/email/verification", token: token)
            #expect(none.status == .conflict && none.errorCode == "no_email")
            #expect(try await server.call("/users/me", ["email": "zoe@example.com"], method: .put, token: token).status == .ok)
            let first = try Self.code(in: try await Self.verificationMails(server, count: 1).first)
            #expect(try await server.call("/users/me", ["email": "zoe2@example.com"], method: .put, token: token).status == .ok)
            let mails = try await Self.verificationMails(server, count: 2)
            #expect(mails.last?.contains("To: zoe2@example.com") == true)
            let stale = try await server.call("/users/me/email/verify", ["code": first], token: token)
            #expect(stale.status == .gone || stale.status == .unprocessableContent, "a code for the old address does not verify the new one")
            let reply = try await server.call("/users/me/email/verify", ["code": try Self.code(in: mails.last)], token: token)
            #expect(reply.json["email_verified"] as? Bool == true && reply.json["email"] as? String == "zoe2@example.com")
            // Other changes keep the verification and mail nothing.
            #expect(try await server.call("/users/me", ["display_name": "Zoe"], method: .put, token: token).json["email_verified"] as? Bool == true)
            #expect(try await Self.verificationMails(server, count: 2).count == 2)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func requiringVerifiedAddressesHoldsBackResetsAndWithdrawals(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind, { $0.requireVerifiedEmail = true }) { server in
            let token = try await server.register("uma", email: "uma@example.com")["access_token"]
            let code = try Self.code(in: try await Self.verificationMails(server, count: 1).first)
            // Unverified: the same answer, and no reset mail.
            #expect(try await server.call("/auth/password/forgot", ["login": "uma"]).status == .accepted)
            let deposit = try await server.call("/topdog/wallet/deposits", ["amount_cents": 500, "idempotency_key": "d-1"], token: token)
            #expect(deposit.status == .created)
            let refused = try await server.call("/topdog/wallet/withdrawals", ["amount_cents": 100, "idempotency_key": "w-1"], token: token)
            #expect(refused.status == .forbidden && refused.errorCode == "email_not_verified")

            #expect(try await server.call("/users/me/email/verify", ["code": code], token: token).status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "uma"]).status == .accepted)
            let withdrawn = try await server.call("/topdog/wallet/withdrawals", ["amount_cents": 100, "idempotency_key": "w-1"], token: token)
            #expect(withdrawn.status == .created)
            // Resets are mailed in order, so once the second is out the first (held back) would be too.
            let resets = await eventually { ((try? server.mails()) ?? []).contains { $0.contains("Subject: Reset your password") } }
            #expect(resets)
            #expect(try server.mails().filter { $0.contains("Subject: Reset your password") }.count == 1)
        }
    }

    @Test func withoutTheSettingUnverifiedAccountsGetResetsAndWithdraw() async throws {
        try await withAccountsServer { server in
            let token = try await server.register("ursula", email: "ursula@example.com")["access_token"]
            #expect(try await server.call("/auth/password/forgot", ["login": "ursula"]).status == .accepted)
            #expect(await eventually { ((try? server.mails()) ?? []).contains { $0.contains("Subject: Reset your password") } })
            #expect(try await server.call("/topdog/wallet/deposits", ["amount_cents": 500, "idempotency_key": "d-1"], token: token).status == .created)
            #expect(try await server.call("/topdog/wallet/withdrawals", ["amount_cents": 100, "idempotency_key": "w-1"], token: token).status == .created)
        }
    }
}
