import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Username-and-password accounts, password reset by mail, and password changes.
extension AccountService {
    struct Registration: Sendable {
        var username: String
        var password: String
        var email: String?
        var displayName: String?
    }

    /// Creates a password account, or, with `current`, gives the signed-in user a username and password.
    func register(_ form: Registration, linkingTo current: AuthenticatedUser?) async throws -> IssuedSession {
        var validator = FieldValidator()
        if let problem = AccountRules.usernameProblem(form.username) {
            validator.fail("username", problem)
        } else if AccountRules.isReserved(form.username) {
            validator.fail("username", "is reserved")
        }
        if let problem = AccountRules.passwordProblem(form.password, username: form.username) { validator.fail("password", problem) }
        if let email = form.email, let problem = AccountRules.emailProblem(email) { validator.fail("email", problem) }
        if let name = form.displayName, let problem = AccountRules.displayNameProblem(name) { validator.fail("display_name", problem) }
        try validator.validate()
        try await limiter.hit("signup:ip:\(RequestOrigin.current.clientAddress)", configuration.rateLimits.signUpPerAddress)

        let hash = try await hasher.hash(form.password)
        let createdAt = now().millis
        let issued = try await issuingSession { sql in
            var user: UserRecord
            var isNew = false
            if let current {
                guard let existing = try await UserStore.find(id: current.userID, on: sql) else {
                    throw APIError.sessionEnded
                }
                guard existing.passwordHash == nil else {
                    throw APIError.conflict("this account already has a password; change it at PUT /users/me/password", code: "password_already_set")
                }
                user = existing
            } else {
                user = try await newUser(displayName: form.displayName, hint: nil, at: createdAt, on: sql)
                isNew = true
            }
            if user.usernameKey != form.username.lowercased(), try await UserStore.usernameTaken(form.username, on: sql) {
                throw APIError.conflict("the username '\(form.username)' is taken", code: "username_taken")
            }
            if let email = form.email, try await UserStore.emailTaken(email, excluding: user.id, on: sql) {
                throw APIError.conflict("an account with this email address already exists", code: "email_taken")
            }
            user.username = form.username
            user.usernameKey = form.username.lowercased()
            if let name = form.displayName { user.displayName = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if isNew, form.displayName == nil { user.displayName = form.username }
            if let email = form.email, email.lowercased() != user.emailKey {
                user.email = email
                user.emailKey = email.lowercased()
                user.emailVerified = 0
            }
            user.passwordHash = hash
            if isNew { try await UserStore.insert(user, on: sql) } else { try await UserStore.update(user, on: sql) }
            return try await startSession(for: user, isNew: isNew, on: sql)
        }
        // An address given here gets its verification code once the account is committed.
        if form.email != nil { await mailEmailCode(to: issued.session.user) }
        return issued
    }

    /// Signs in with a username or email and a password; unknown accounts cost the same and answer the same.
    func signIn(login: String, password: String) async throws -> IssuedSession {
        let user = try await checkPassword(login: login, password: password)
        return try await issuingSession { sql in try await startSession(for: user, isNew: false, on: sql) }
    }

    /// The account `login` names when `password` is its password, under sign-in's rate limits;
    /// else 401 (the same for an unknown login and a wrong password).
    func checkPassword(login: String, password: String) async throws -> UserRecord {
        var validator = FieldValidator()
        validator.check(!login.isEmpty && login.count <= 254, "login", "must be a username or email address")
        validator.check(!password.isEmpty && password.utf8.count <= 1024, "password", "must not be empty")
        try validator.validate()
        try await limitSignIn()
        let user = try await database.withConnection { sql in try await UserStore.find(login: login, on: sql) }
        // One budget per account, whether it is named by its username or its email address.
        try await limitSignIn(account: user.map { "user:\($0.id)" } ?? "login:\(login.lowercased())")
        guard try await hasher.verify(password, against: user?.passwordHash), let user else { throw APIError.invalidCredentials }
        return user
    }

    /// Queues a reset mail when the account exists and has an address; says nothing either way,
    /// and does the same work either way before answering (the mail is made in the background).
    func requestPasswordReset(login: String) async throws {
        var validator = FieldValidator()
        validator.check(!login.isEmpty && login.count <= 254, "login", "must be a username or email address")
        try validator.validate()
        try await limiter.hit("reset:ip:\(RequestOrigin.current.clientAddress)", configuration.rateLimits.resetPerAddress)
        let known = try await database.withConnection { sql in try await UserStore.find(login: login, on: sql) }
        try await limiter.hit(
            "reset:account:" + (known.map { "user:\($0.id)" } ?? "login:\(login.lowercased())"), configuration.rateLimits.resetPerAccount)
        // With verified addresses required, an unverified one gets nothing; the answer is the same.
        if let known, let email = known.email, !configuration.requireVerifiedEmail || known.emailVerified != 0 {
            resets.continuation.yield(ResetRequest(userID: known.id, email: email, locale: known.locale))
        }
    }

    /// The service that makes and mails the queued resets; the application runs one.
    package var resetMails: ResetMailService {
        let continuation = resets.continuation
        return ResetMailService(requests: resets.requests, finish: { continuation.finish() }, mail: { request in await mailReset(request) })
    }

    /// Makes a reset token for the request's account and mails it. A failure is the operator's to
    /// see: the person asking was told nothing either way, and may ask again.
    func mailReset(_ request: ResetRequest) async {
        let token = Secrets.randomToken()
        let current = now().millis
        let expiresAt = current + configuration.passwordResetLifetime.milliseconds
        let minutes = Int64(configuration.passwordResetLifetime.wholeSeconds / 60)
        let text = MailTemplates.forLocale(request.locale)
        let body = text.resetBody(minutes, "\(configuration.resetLinkPrefix)\(token)", token)
        do {
            try await transaction { sql in
                try await ResetStore.create(hash: Secrets.hash(token), userID: request.userID, now: current, expiresAt: expiresAt, on: sql)
            }
            try await mailer.send(Mail(to: request.email, user: request.userID, subject: text.resetSubject, body: body))
        } catch {
            logger.error("could not make or send a password reset mail", metadata: ["user": "\(request.userID)", "error": "\(error)"])
        }
    }

    /// Sets a new password with a reset token and ends every session of the account.
    func resetPassword(token: String, newPassword: String) async throws {
        var validator = FieldValidator()
        validator.check(!token.isEmpty && token.count <= 200, "token", "must be the code from the reset mail")
        if let problem = AccountRules.passwordProblem(newPassword, username: nil) { validator.fail("new_password", problem) }
        try validator.validate()
        try await limiter.hit("reset:ip:\(RequestOrigin.current.clientAddress)", configuration.rateLimits.resetPerAddress)
        let hash = try await hasher.hash(newPassword)
        let current = now().millis
        try await announcing { sql, announcements in
            guard let userID = try await ResetStore.consume(hash: Secrets.hash(token), now: current, on: sql),
                var user = try await UserStore.find(id: userID, on: sql), !user.isDeleted
            else { throw APIError(.badRequest, code: "invalid_reset_token", message: "the reset code is wrong, used or expired") }
            if let problem = AccountRules.passwordProblem(newPassword, username: user.username) {
                throw APIError.invalidField("new_password", problem)
            }
            user.passwordHash = hash
            try await UserStore.update(user, on: sql)
            try await ResetStore.deleteAll(of: userID, on: sql)
            try await SessionStore.revokeAll(of: userID, reason: "password_reset", now: current, on: sql)
            announcements.announce(AccountNotice.signedOutEverywhere(user: userID, keeping: nil))
        }
    }

    /// Sets or changes the signed-in user's password; the current one is needed when there is one.
    func changePassword(current currentPassword: String?, new newPassword: String, for caller: AuthenticatedUser) async throws {
        let user = try await requireUser(caller)
        var validator = FieldValidator()
        if let problem = AccountRules.passwordProblem(newPassword, username: user.username) { validator.fail("new_password", problem) }
        if user.passwordHash != nil, (currentPassword ?? "").isEmpty { validator.fail("current_password", "is required to change the password") }
        try validator.validate()
        if user.passwordHash != nil {
            try await limitSignIn()
            try await limitSignIn(account: "user:\(user.id)")
            guard try await hasher.verify(currentPassword ?? "", against: user.passwordHash) else {
                throw APIError(.unauthorized, code: "invalid_credentials", message: "the current password is wrong")
            }
        }
        let hash = try await hasher.hash(newPassword)
        let current = now().millis
        try await announcing { sql, announcements in
            guard var user = try await UserStore.find(id: caller.userID, on: sql) else { return }
            user.passwordHash = hash
            try await UserStore.update(user, on: sql)
            try await SessionStore.revokeAll(of: caller.userID, except: caller.sessionID, reason: "password_changed", now: current, on: sql)
            announcements.announce(AccountNotice.signedOutEverywhere(user: caller.userID, keeping: caller.sessionID))
        }
    }
}
