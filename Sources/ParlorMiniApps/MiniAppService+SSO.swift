import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Single sign-on: launch codes, their exchange for app tokens, and introspection.
extension MiniAppService {
    struct Launch: Sendable {
        var url: String
        var code: String
    }

    /// A one-time code for `caller` and the app, and the URL that carries it.
    func launch(_ id: String, target: String?, for caller: AuthenticatedUser) async throws -> Launch {
        let app = try await find(id)
        guard app.enabled != 0 else { throw APIError.notFound("no mini app '\(id)'") }
        let destination = target ?? app.launchUrl
        if let target {
            guard let origin = MiniAppRules.origin(of: target), Self.origins(app).contains(origin) else {
                throw APIError.invalidField("target_url", "must be an http(s) URL within one of the app's allowed origins")
            }
        }
        let code = Secrets.randomToken()
        let time = now().millis
        let expiresAt = time + accounts.configuration.launchCodeLifetime.milliseconds
        let grant = MiniAppStore.Grant(appID: app.id, userID: caller.userID, sessionID: caller.sessionID)
        try await database.withConnection { sql in
            try await MiniAppStore.createCode(hash: Secrets.hash(code), grant: grant, now: time, expiresAt: expiresAt, on: sql)
        }
        return Launch(url: MiniAppRules.adding(code: code, to: destination), code: code)
    }

    /// The app named by HTTP Basic credentials, or 401 `invalid_client`.
    func authenticateApp() async throws -> MiniAppRecord {
        let failure = APIError(
            .unauthorized, code: "invalid_client", message: "authenticate with the app's id and secret (HTTP Basic)",
            headers: [.wwwAuthenticate: "Basic realm=\"parlor\""])
        guard let credentials = RequestOrigin.current.basicCredentials, credentials.user.count <= 40 else { throw failure }
        let app = try await database.withConnection { sql in try await MiniAppStore.find(credentials.user, on: sql) }
        // Hash even for an unknown app, so both failures cost the same.
        let presented = Secrets.hash(credentials.password)
        guard let app, Secrets.constantTimeEquals(presented, app.secretHash), app.enabled != 0 else { throw failure }
        return app
    }

    /// Trades a launch code for a token whose audience is `app`.
    func exchange(code: String, for app: MiniAppRecord) async throws -> (token: String, user: UserRecord) {
        var validator = FieldValidator()
        validator.check(!code.isEmpty && code.count <= 200, "code", "must be the launch code")
        try validator.validate()
        let time = now().millis
        let invalid = APIError(.badRequest, code: "invalid_grant", message: "the code is wrong, used, expired or for another app")
        let grant = try await database.transaction { sql in try await MiniAppStore.consumeCode(hash: Secrets.hash(code), now: time, on: sql) }
        guard let grant, grant.appID == app.id else { throw invalid }
        guard let issued = try await accounts.appToken(session: grant.sessionID, user: grant.userID, audience: app.id) else { throw invalid }
        return issued
    }

    struct Introspection: Sendable, Equatable {
        var active: Bool
        var claims: TokenClaims?
    }

    /// Whether `token` is a live token issued to `app`; anything else is simply inactive.
    func introspect(_ token: String, for app: MiniAppRecord) async throws -> Introspection {
        guard let claims = try await accounts.liveClaims(of: token, audience: app.id) else { return Introspection(active: false) }
        return Introspection(active: true, claims: claims)
    }
}
