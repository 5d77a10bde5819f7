import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Email verification: a 6-digit code mailed to the address, stored hashed, good for a while and
/// a few guesses; a new code (a resend, a new address) replaces the old.
extension AccountService {
    /// What a guess came to, decided in one transaction and answered after it commits (a wrong
    /// guess must be counted even though the request fails).
    enum VerificationResult: Sendable {
        case verified(UserRecord, [IdentityRecord])
        case noEmail
        case expired
        case usedUp
        case wrong(left: Int)
    }

    /// A fresh code from the system's random source, all six digits.
    static func newEmailCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = Int.random(in: 0..<1_000_000, using: &generator)
        let digits = String(number)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Keyed by the user, so one table of the million codes' hashes does not read them all.
    static func emailCodeHash(_ code: String, user: String) -> String { Secrets.hash("email-code:\(user):\(code)") }

    /// Makes a code for the user's current, unverified address and mails it in their language.
    func sendEmailCode(to user: UserRecord) async throws {
        guard let email = user.email, let key = user.emailKey, user.emailVerified == 0 else { return }
        let code = Self.newEmailCode()
        let current = now().millis
        let stored = EmailCodeStore.Code(
            userId: user.id, emailKey: key, codeHash: Self.emailCodeHash(code, user: user.id), attempts: 0, createdAt: current,
            expiresAt: current + configuration.emailCodeLifetime.milliseconds)
        try await transaction { sql in try await EmailCodeStore.replace(stored, on: sql) }
        let text = MailTemplates.forLocale(user.locale)
        let minutes = Int64(configuration.emailCodeLifetime.wholeSeconds / 60)
        try await mailer.send(Mail(to: email, user: user.id, subject: text.verifySubject, body: text.verifyBody(code, minutes)))
    }

    /// ``sendEmailCode(to:)`` after a registration or an address change: their answer does not
    /// depend on the mail, and the user can ask again.
    func mailEmailCode(to user: UserRecord) async {
        do {
            try await sendEmailCode(to: user)
        } catch {
            logger.error("could not make or send an email verification code", metadata: ["user": "\(user.id)", "error": "\(error)"])
        }
    }

    /// `POST /users/me/email/verification`: a new code, within the account's rate limit.
    func resendEmailCode(for caller: AuthenticatedUser) async throws {
        let user = try await requireUser(caller)
        guard user.email != nil else { throw Self.noEmail }
        guard user.emailVerified == 0 else { throw APIError.conflict("the email address is already verified", code: "already_verified") }
        try await limiter.hit("verify:user:\(user.id)", configuration.rateLimits.verificationMailPerAccount)
        try await sendEmailCode(to: user)
    }

    /// `POST /users/me/email/verify`: the account, its address verified, when `code` is right.
    func verifyEmail(code: String, for caller: AuthenticatedUser) async throws -> (UserRecord, [IdentityRecord]) {
        guard code.utf8.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw APIError.invalidField("code", "must be the 6-digit code from the mail")
        }
        let current = now().millis
        let allowed = configuration.emailCodeAttempts
        let result = try await transaction { sql -> VerificationResult in
            var user = try await liveAccount(caller, on: sql)
            guard let key = user.emailKey else { return .noEmail }
            if user.emailVerified != 0 { return .verified(user, try await UserStore.identities(of: user.id, on: sql)) }
            // A code mailed to an earlier address does not verify this one.
            guard let stored = try await EmailCodeStore.find(of: user.id, on: sql), stored.emailKey == key, stored.expiresAt > current
            else { return .expired }
            guard stored.attempts < allowed else { return .usedUp }
            guard Secrets.constantTimeEquals(stored.codeHash, Self.emailCodeHash(code, user: user.id)) else {
                try await EmailCodeStore.countAttempt(of: user.id, on: sql)
                return .wrong(left: allowed - stored.attempts - 1)
            }
            user.emailVerified = 1
            try await UserStore.update(user, on: sql)
            try await EmailCodeStore.delete(of: user.id, on: sql)
            return .verified(user, try await UserStore.identities(of: user.id, on: sql))
        }
        switch result {
        case .verified(let user, let identities): return (user, identities)
        case .noEmail: throw Self.noEmail
        case .expired:
            throw APIError(.gone, code: "code_expired", message: "no code is waiting for this address or it has expired; ask for a new one")
        case .usedUp:
            throw APIError(.gone, code: "code_used_up", message: "too many wrong codes; ask for a new one")
        case .wrong(let left):
            let message = left > 0 ? "the code is wrong; \(left) \(left == 1 ? "attempt" : "attempts") left" : "the code is wrong; no attempts left, ask for a new one"
            throw APIError(.unprocessableContent, code: "wrong_code", message: message, fields: [FieldError(field: "code", message: message)])
        }
    }

    static let noEmail = APIError.conflict("the account has no email address; add one with PUT /users/me", code: "no_email")

    /// With ``AccountsConfiguration/requireVerifiedEmail`` set, 403 `email_not_verified` unless
    /// the caller's address is verified: for what moves money (TopDog's withdrawals).
    package func requireVerifiedEmail(_ caller: AuthenticatedUser) async throws {
        guard configuration.requireVerifiedEmail else { return }
        let user = try await requireUser(caller)
        guard user.email != nil, user.emailVerified != 0 else {
            throw APIError(.forbidden, code: "email_not_verified", message: "verify the account's email address first (POST /users/me/email/verify)")
        }
    }
}
