import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorHTTP
import SignInProviders
import SQLKit

/// A verified way to sign in: who the provider (or the device) says the user is.
struct IdentityClaim: Sendable {
    var provider: String
    var subject: String
    var email: String?
    var emailVerified: Bool
    var displayName: String?
    var avatarURL: String?

    init(_ external: ExternalIdentity, displayName fallback: String? = nil) {
        provider = external.provider.rawValue
        subject = external.subject
        email = external.email
        emailVerified = external.emailVerified
        displayName = external.displayName ?? fallback
        avatarURL = external.avatarURL
    }

    init(provider: String, subject: String, displayName: String?) {
        self.provider = provider
        self.subject = subject
        self.emailVerified = false
        self.displayName = displayName
    }
}

extension AccountService {
    /// Signs in with `claim`, creating the user on first use; with `current`, links it to that user instead.
    func signIn(with claim: IdentityClaim, linkingTo current: AuthenticatedUser?) async throws -> IssuedSession {
        let current = current
        let createdAt = now().millis
        return try await issuingSession { sql in
            let existing = try await UserStore.identity(provider: claim.provider, subject: claim.subject, on: sql)
            if let current {
                return try await link(claim, existing: existing, to: current, at: createdAt, on: sql)
            }
            if let existing, let user = try await UserStore.find(id: existing.userId, on: sql), !user.isDeleted {
                return try await startSession(for: user, isNew: false, on: sql)
            }
            var user = try await newUser(displayName: claim.displayName, hint: claim.email, at: createdAt, on: sql)
            user.avatarUrl = claim.avatarURL.flatMap { AccountRules.avatarURLProblem($0) == nil ? $0 : nil }
            if claim.emailVerified, let email = claim.email, !(try await UserStore.emailTaken(email, on: sql)) {
                user.email = email
                user.emailKey = email.lowercased()
                user.emailVerified = 1
            }
            try await UserStore.insert(user, on: sql)
            try await UserStore.insert(
                IdentityRecord(provider: claim.provider, subject: claim.subject, userId: user.id, email: claim.email, createdAt: createdAt), on: sql)
            return try await startSession(for: user, isNew: true, on: sql)
        }
    }

    private func link(
        _ claim: IdentityClaim, existing: IdentityRecord?, to current: AuthenticatedUser, at time: Int64, on sql: any SQLDatabase
    ) async throws -> StoredSession {
        guard var user = try await UserStore.find(id: current.userID, on: sql) else {
            throw APIError.sessionEnded
        }
        if let existing {
            guard existing.userId == current.userID else {
                throw APIError.conflict("this \(claim.provider) account is already linked to another user", code: "identity_in_use")
            }
            return try await startSession(for: user, isNew: false, on: sql)
        }
        let linked = try await UserStore.identities(of: user.id, on: sql)
        if claim.provider != "device", linked.contains(where: { $0.provider == claim.provider }) {
            throw APIError.conflict("another \(claim.provider) account is already linked; unlink it first", code: "provider_already_linked")
        }
        try await UserStore.insert(
            IdentityRecord(provider: claim.provider, subject: claim.subject, userId: user.id, email: claim.email, createdAt: time), on: sql)
        if user.email == nil, claim.emailVerified, let email = claim.email, !(try await UserStore.emailTaken(email, on: sql)) {
            user.email = email
            user.emailKey = email.lowercased()
            user.emailVerified = 1
            try await UserStore.update(user, on: sql)
        }
        return try await startSession(for: user, isNew: false, on: sql)
    }

    /// A user record with a free generated username, not yet inserted.
    func newUser(displayName: String?, hint: String?, at time: Int64, on sql: any SQLDatabase) async throws -> UserRecord {
        let name = displayName.flatMap { AccountRules.displayNameProblem($0) == nil ? $0.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        let username = try await freeUsername(from: name ?? hint?.split(separator: "@").first.map(String.init), on: sql)
        return UserRecord(
            id: UUID().uuidString.lowercased(), username: username, usernameKey: username.lowercased(),
            displayName: name ?? username, emailVerified: 0, preferences: "{}", role: nil, createdAt: time, lastActiveAt: time)
    }

    /// `seed` reduced to username characters plus a random number, retried until one is free.
    private func freeUsername(from seed: String?, on sql: any SQLDatabase) async throws -> String {
        var base = String((seed ?? "").filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }.prefix(14))
        if base.first?.isLetter != true { base = "player" + base.prefix(8) }
        for digits in [4, 4, 6, 6, 8] {
            let candidate = base + String(Int.random(in: 0..<Int(pow(10, Double(digits)))), radix: 10).leftPadded(to: digits)
            if !(try await UserStore.usernameTaken(candidate, on: sql)), !AccountRules.isReserved(candidate) { return candidate }
        }
        return "player" + Secrets.randomToken(bytes: 9).filter { $0.isLetter || $0.isNumber }.prefix(12)
    }

    /// Rate-limits an attempt to sign in: by the client's address, or with `account` (`user:` and an
    /// id, or `login:` and the login as typed when no account has it) by the account it is made on.
    func limitSignIn(account: String? = nil) async throws {
        guard let account else {
            return try await limiter.hit("signin:ip:\(RequestOrigin.current.clientAddress)", configuration.rateLimits.signInPerAddress)
        }
        try await limiter.hit("signin:account:\(account)", configuration.rateLimits.signInPerAccount)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
