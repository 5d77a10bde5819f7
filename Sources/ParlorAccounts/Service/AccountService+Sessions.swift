import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP

/// Refreshing and ending sessions.
extension AccountService {
    /// Trades a refresh token for new tokens; a token seen twice ends its session.
    func refresh(token: String) async throws -> IssuedSession {
        var validator = FieldValidator()
        validator.check(!token.isEmpty && token.count <= 200, "refresh_token", "must be a refresh token")
        try validator.validate()
        let next = Secrets.randomToken()
        let current = now().millis
        let expiresAt = current + configuration.refreshTokenLifetime.milliseconds
        let outcome = try await transaction { sql in
            // Suspending ended the sessions; their tokens say why rather than only that they ended.
            if let until = try await SuspensionStore.active(ofRefreshToken: Secrets.hash(token), at: current, on: sql) {
                throw APIError.accountSuspended(until: until)
            }
            let outcome = try await SessionStore.rotate(Secrets.hash(token), to: Secrets.hash(next), now: current, expiresAt: expiresAt, on: sql)
            guard case .rotated(_, let userID) = outcome else { return (outcome, nil as (UserRecord, [IdentityRecord])?) }
            guard let user = try await UserStore.find(id: userID, on: sql), !user.isDeleted else {
                return (SessionStore.RefreshOutcome.sessionEnded, nil)
            }
            try await UserStore.touch(user.id, at: current, on: sql)
            return (outcome, (UserStore.touched(user, at: current), try await UserStore.identities(of: user.id, on: sql)))
        }
        switch outcome {
        case (.rotated(let sessionID, _), let (user, identities)?):
            let access = try await accessToken(for: user, session: sessionID)
            let session = StoredSession(user: user, identities: identities, sessionID: sessionID, refreshToken: next, isNew: false)
            return IssuedSession(session: session, accessToken: access)
        case (.reused, _):
            logger.warning("a used refresh token was presented again; its session is revoked")
            throw APIError.unauthorized("this refresh token was already used; the session has been ended, sign in again", code: "refresh_token_reused")
        case (.sessionEnded, _):
            throw APIError.sessionEnded
        default:
            throw APIError.unauthorized("unknown refresh token", code: "invalid_refresh_token")
        }
    }

    func logOut(_ caller: AuthenticatedUser) async throws {
        let current = now().millis
        try await announcing { sql, announcements in
            try await SessionStore.revoke(session: caller.sessionID, reason: "logout", now: current, on: sql)
            announcements.announce(AccountNotice.signedOut(user: caller.userID, session: caller.sessionID))
        }
    }

    func logOutEverywhere(_ caller: AuthenticatedUser) async throws {
        let current = now().millis
        try await announcing { sql, announcements in
            try await SessionStore.revokeAll(of: caller.userID, reason: "logout_all", now: current, on: sql)
            announcements.announce(AccountNotice.signedOutEverywhere(user: caller.userID, keeping: nil))
        }
    }
}
