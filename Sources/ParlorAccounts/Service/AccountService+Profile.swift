import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// The signed-in user's own account: reading, editing, unlinking and deleting it.
extension AccountService {
    struct ProfileChange: Sendable {
        var username: String?
        var displayName: String?
        var avatarURL: String?
        var email: String?
        /// Already-encoded JSON object.
        var preferences: String?
        /// A BCP 47 tag; empty removes it.
        var locale: String?
    }

    static let maxPreferencesBytes = 16 * 1024

    /// The caller's account, read inside the caller's transaction; 401 when it is gone.
    func liveAccount(_ caller: AuthenticatedUser, on sql: any SQLDatabase) async throws -> UserRecord {
        guard let user = try await UserStore.find(id: caller.userID, on: sql), !user.isDeleted else { throw APIError.sessionEnded }
        return user
    }

    func requireUser(_ caller: AuthenticatedUser) async throws -> UserRecord {
        try await database.withConnection { sql in try await liveAccount(caller, on: sql) }
    }

    func account(_ caller: AuthenticatedUser) async throws -> (UserRecord, [IdentityRecord]) {
        try await database.withConnection { sql in
            let user = try await liveAccount(caller, on: sql)
            return (user, try await UserStore.identities(of: user.id, on: sql))
        }
    }

    func update(_ change: ProfileChange, for caller: AuthenticatedUser) async throws -> (UserRecord, [IdentityRecord]) {
        var validator = FieldValidator()
        if let username = change.username {
            if let problem = AccountRules.usernameProblem(username) {
                validator.fail("username", problem)
            } else if AccountRules.isReserved(username) {
                validator.fail("username", "is reserved")
            }
        }
        if let name = change.displayName, let problem = AccountRules.displayNameProblem(name) { validator.fail("display_name", problem) }
        if let avatar = change.avatarURL, !avatar.isEmpty, let problem = AccountRules.avatarURLProblem(avatar) { validator.fail("avatar_url", problem) }
        if let email = change.email, !email.isEmpty, let problem = AccountRules.emailProblem(email) { validator.fail("email", problem) }
        if let locale = change.locale, !locale.isEmpty, LocaleTag.normalized(locale) == nil {
            validator.fail("locale", "must be a BCP 47 language tag such as en or pt-BR, at most \(LocaleTag.maxLength) characters")
        }
        if let preferences = change.preferences, preferences.utf8.count > Self.maxPreferencesBytes {
            validator.fail("preferences", "must be at most \(Self.maxPreferencesBytes) bytes of JSON")
        }
        try validator.validate()
        let (account, newAddress) = try await transaction { sql in
            var user = try await liveAccount(caller, on: sql)
            var newAddress = false
            if let username = change.username, username.lowercased() != user.usernameKey {
                guard !(try await UserStore.usernameTaken(username, on: sql)) else {
                    throw APIError.conflict("the username '\(username)' is taken", code: "username_taken")
                }
            }
            if let username = change.username {
                user.username = username
                user.usernameKey = username.lowercased()
            }
            if let name = change.displayName { user.displayName = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let avatar = change.avatarURL { user.avatarUrl = avatar.isEmpty ? nil : avatar }
            if let email = change.email, email.lowercased() != (user.emailKey ?? "") {
                if email.isEmpty {
                    user.email = nil
                    user.emailKey = nil
                } else {
                    guard !(try await UserStore.emailTaken(email, excluding: user.id, on: sql)) else {
                        throw APIError.conflict("an account with this email address already exists", code: "email_taken")
                    }
                    user.email = email
                    user.emailKey = email.lowercased()
                    newAddress = true
                }
                user.emailVerified = 0
            }
            if let locale = change.locale { user.locale = locale.isEmpty ? nil : LocaleTag.normalized(locale) }
            if let preferences = change.preferences { user.preferences = preferences }
            try await UserStore.update(user, on: sql)
            return ((user, try await UserStore.identities(of: user.id, on: sql)), newAddress)
        }
        // A new address gets its verification code once the change has committed.
        if newAddress { await mailEmailCode(to: account.0) }
        return account
    }

    /// Removes one way to sign in, unless it is the last.
    func unlink(provider: String, for caller: AuthenticatedUser) async throws -> (UserRecord, [IdentityRecord]) {
        try await transaction { sql in
            var user = try await liveAccount(caller, on: sql)
            let identities = try await UserStore.identities(of: user.id, on: sql)
            let methods = identities.count + (user.passwordHash == nil ? 0 : 1)
            let removing = provider == "password" ? (user.passwordHash == nil ? 0 : 1) : identities.filter { $0.provider == provider }.count
            guard removing > 0 else { throw APIError.notFound("no \(provider) sign-in is linked to this account") }
            guard methods - removing > 0 else {
                throw APIError.conflict("this is the only way to sign in to the account; link another first", code: "last_sign_in_method")
            }
            if provider == "password" {
                user.passwordHash = nil
                try await UserStore.update(user, on: sql)
            } else {
                try await UserStore.deleteIdentities(of: user.id, provider: provider, on: sql)
            }
            return (user, try await UserStore.identities(of: user.id, on: sql))
        }
    }

    /// Deletes personal data and ends every session, and has every other capability forget the
    /// user in the same transaction; the row stays, nameless, so game history keeps its player.
    func deleteAccount(_ caller: AuthenticatedUser, erasers: [any AccountErasureHook]) async throws {
        try await eraseAccount(of: caller.userID, erasers: erasers)
    }

    /// The erasure of ``deleteAccount(_:erasers:)`` for user `userID`. With `check`, run first in
    /// the same transaction (staff deleting someone: permissions, the audit record), a user that
    /// is unknown or already deleted is 404 rather than nothing to do.
    func eraseAccount(
        of userID: String, erasers: [any AccountErasureHook], check: (@Sendable (UserRecord, any SQLDatabase) async throws -> Void)? = nil
    ) async throws {
        let current = now().millis
        let followUps = try await announcing { sql, announcements -> [ErasureFollowUp] in
            guard var user = try await UserStore.find(id: userID, on: sql), !user.isDeleted else {
                if check != nil { throw APIError.userNotFound(userID) }
                return []
            }
            try await check?(user, sql)
            let tombstone = "deleted_" + user.id.replacingOccurrences(of: "-", with: "")
            user.username = tombstone
            user.usernameKey = tombstone
            user.displayName = "Deleted player"
            user.email = nil
            user.emailKey = nil
            user.emailVerified = 0
            user.avatarUrl = nil
            user.preferences = "{}"
            user.passwordHash = nil
            user.role = nil
            user.deletedAt = current
            user.locale = nil
            try await UserStore.update(user, on: sql)
            try await EmailCodeStore.delete(of: user.id, on: sql)
            // App Review: Apple tokens are revoked when the account goes (queued, made by the drain).
            try await AppleTokenStore.queueRevocations(of: user.id, keys: configuration.keyEncryption, at: current, logger: logger, on: sql)
            try await UserStore.deleteIdentities(of: user.id, on: sql)
            try await ResetStore.deleteAll(of: user.id, on: sql)
            try await SessionStore.revokeAll(of: user.id, reason: "account_deleted", now: current, on: sql)
            // Every node closes the user's connections once this commits.
            announcements.announce(AccountNotice.closed(user: user.id))
            try await sql.update("auth_sessions").set("client_ip", to: SQLLiteral.null).set("user_agent", to: SQLLiteral.null)
                .where("user_id", .equal, user.id).run()
            var followUps: [ErasureFollowUp] = []
            for eraser in erasers { followUps.append(try await eraser.erase(user: user.id, on: sql)) }
            return followUps
        }
        for followUp in followUps { await followUp.run() }
        // Kept copies of the user's mail name them; they go once the deletion has committed.
        do {
            try await mailer.forget(user: userID)
        } catch {
            logger.warning("a deleted account's mail files stay", metadata: ["user": "\(userID)", "error": "\(error)"])
        }
    }

    enum Availability: Sendable, Equatable {
        case available
        case invalid(String)
        case reserved
        case taken
    }

    func availability(of username: String) async throws -> Availability {
        if let problem = AccountRules.usernameProblem(username) { return .invalid(problem) }
        if AccountRules.isReserved(username) { return .reserved }
        let taken = try await database.withConnection { sql in try await UserStore.usernameTaken(username, on: sql) }
        return taken ? .taken : .available
    }
}
