import Foundation
import ParlorDatabase
import ParlorHTTP

/// Tokens for another audience than the platform's (a mini app's backend): what single sign-on
/// asks of Accounts, so that it never reads sessions or users itself.
extension AccountService {
    /// A token for `audience` on behalf of the session's user, or nil when the session has ended
    /// or its user is gone.
    package func appToken(session sessionID: String, user userID: String, audience: String) async throws -> (token: String, user: UserRecord)? {
        let time = now().millis
        let user = try await database.withConnection { sql -> UserRecord? in
            guard try await SessionStore.liveUser(session: sessionID, now: time, on: sql) != nil else { return nil }
            return try await UserStore.find(id: userID, on: sql)
        }
        guard let user, !user.isDeleted else { return nil }
        let token = try await accessToken(for: user, session: sessionID, audience: audience, lifetime: configuration.appTokenLifetime)
        return (token, user)
    }

    /// The claims of `token` when it is signed by this server for `audience` and its session is
    /// still live; nil for anything else.
    package func liveClaims(of token: String, audience: String) async throws -> TokenClaims? {
        guard token.count <= 4096, let claims = try? await keys.verify(token, issuer: configuration.issuer, audience: audience, lifetime: configuration.appTokenLifetime) else {
            return nil
        }
        let time = now().millis
        let live = try await database.withConnection { sql in try await SessionStore.liveUser(session: claims.sid, now: time, on: sql) }
        guard let live, live.userID == claims.sub else { return nil }
        return claims
    }
}
