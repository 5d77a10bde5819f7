import Foundation
import HTTPTypes
import OpenAPIRuntime
import ParlorAPI
import ParlorHTTP
import SignInProviders

/// Sign-in methods, sessions and password reset.
extension AccountsAPI {
    package func signInAsGuest(_ input: Operations.SignInAsGuest.Input) async throws -> Operations.SignInAsGuest.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var validator = FieldValidator()
        if let problem = AccountRules.deviceIDProblem(body.deviceId) { validator.fail("device_id", problem) }
        if let name = body.displayName, let problem = AccountRules.displayNameProblem(name) { validator.fail("display_name", problem) }
        try validator.validate()
        let caller = try await accounts.optionalUser()
        try await accounts.limitSignIn()
        // The device id is a bearer secret of the device; only its hash is kept.
        let claim = IdentityClaim(provider: "device", subject: Secrets.hash(body.deviceId), displayName: body.displayName)
        return .ok(.init(try await accounts.signIn(with: claim, linkingTo: caller), configuration: accounts.configuration))
    }

    package func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let caller = try await accounts.optionalUser()
        let form = AccountService.Registration(username: body.username, password: body.password, email: body.email, displayName: body.displayName)
        return .ok(.init(try await accounts.register(form, linkingTo: caller), configuration: accounts.configuration))
    }

    package func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        return .ok(.init(try await accounts.signIn(login: body.login, password: body.password), configuration: accounts.configuration))
    }

    package func signInWithApple(_ input: Operations.SignInWithApple.Input) async throws -> Operations.SignInWithApple.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var validator = FieldValidator()
        validator.check(!body.identityToken.isEmpty && body.identityToken.count <= 8192, "identity_token", "must be Apple's identity token")
        validator.check((body.nonce?.count ?? 0) <= 256, "nonce", "must be at most 256 characters")
        validator.check(body.authorizationCode.map { !$0.isEmpty && $0.count <= 1024 } ?? true, "authorization_code", "must be Apple's authorization code")
        if let name = body.displayName, let problem = AccountRules.displayNameProblem(name) { validator.fail("display_name", problem) }
        try validator.validate()
        let caller = try await accounts.optionalUser()
        try await accounts.limitSignIn()
        let identity = try await verified { try await accounts.verifier.apple(identityToken: body.identityToken, rawNonce: body.nonce) }
        let session = try await accounts.signIn(with: IdentityClaim(identity, displayName: body.displayName), linkingTo: caller)
        if let code = body.authorizationCode {
            await accounts.keepAppleRefreshToken(
                code: code, verifiedIdentityToken: body.identityToken, subject: identity.subject, userID: session.session.user.id)
        }
        return .ok(.init(session, configuration: accounts.configuration))
    }

    package func signInWithDiscord(_ input: Operations.SignInWithDiscord.Input) async throws -> Operations.SignInWithDiscord.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var validator = FieldValidator()
        validator.check(!body.code.isEmpty && body.code.count <= 512, "code", "must be the authorization code from Discord")
        validator.check(!body.redirectUri.isEmpty && body.redirectUri.count <= 2048, "redirect_uri", "must be the redirect URI the code was issued for")
        if let verifier = body.codeVerifier {
            // RFC 7636: 43–128 unreserved characters.
            validator.check(
                (43...128).contains(verifier.count) && verifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) },
                "code_verifier", "must be 43–128 unreserved characters (RFC 7636)")
        }
        try validator.validate()
        let caller = try await accounts.optionalUser()
        try await accounts.limitSignIn()
        let identity = try await verified {
            try await accounts.verifier.discord(code: body.code, redirectURI: body.redirectUri, codeVerifier: body.codeVerifier)
        }
        return .ok(.init(try await accounts.signIn(with: IdentityClaim(identity), linkingTo: caller), configuration: accounts.configuration))
    }

    package func signInWithFacebook(_ input: Operations.SignInWithFacebook.Input) async throws -> Operations.SignInWithFacebook.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var validator = FieldValidator()
        switch (body.accessToken, body.idToken) {
        case (let token?, nil):
            validator.check(!token.isEmpty && token.count <= 4096, "access_token", "must be a Facebook access token")
        case (nil, let token?):
            validator.check(!token.isEmpty && token.count <= 8192, "id_token", "must be a Limited Login ID token")
            validator.check(!(body.nonce ?? "").isEmpty && (body.nonce?.count ?? 0) <= 256, "nonce", "is required with id_token")
        default:
            validator.fail("access_token", "send exactly one of access_token or id_token")
        }
        try validator.validate()
        let caller = try await accounts.optionalUser()
        try await accounts.limitSignIn()
        let identity = try await verified {
            if let token = body.accessToken { return try await accounts.verifier.facebook(accessToken: token) }
            return try await accounts.verifier.facebookLimitedLogin(idToken: body.idToken ?? "", rawNonce: body.nonce)
        }
        return .ok(.init(try await accounts.signIn(with: IdentityClaim(identity), linkingTo: caller), configuration: accounts.configuration))
    }

    package func refreshSession(_ input: Operations.RefreshSession.Input) async throws -> Operations.RefreshSession.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        return .ok(.init(try await accounts.refresh(token: body.refreshToken), configuration: accounts.configuration))
    }

    package func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        try await accounts.logOut(try await accounts.authenticate())
        return .noContent(.init())
    }

    package func logOutEverywhere(_ input: Operations.LogOutEverywhere.Input) async throws -> Operations.LogOutEverywhere.Output {
        try await accounts.logOutEverywhere(try await accounts.authenticate())
        return .noContent(.init())
    }

    package func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        try await accounts.requestPasswordReset(login: body.login)
        return .accepted(.init())
    }

    package func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        try await accounts.resetPassword(token: body.token, newPassword: body.newPassword)
        return .noContent(.init())
    }

    package func getJWKS(_ input: Operations.GetJWKS.Input) async throws -> Operations.GetJWKS.Output {
        let keys = try await accounts.keys.publishedKeys().map { key in
            Components.Schemas.Jwk(kty: .ec, crv: .p256, x: key.x, y: key.y, kid: key.kid, alg: .es256, use: .sig)
        }
        return .ok(.init(body: .json(.init(keys: keys))))
    }

    /// Runs a provider check, mapping its failures to 401, 502 or 404 (a method this server does not offer).
    func verified(_ check: () async throws -> ExternalIdentity) async throws -> ExternalIdentity {
        do {
            return try await check()
        } catch let error as SignInError {
            switch error {
            case .invalidCredential(let provider, let reason):
                throw APIError(.unauthorized, code: "invalid_credentials", message: "\(provider.rawValue) did not accept the credential: \(reason)")
            case .providerUnavailable(let provider, let reason):
                throw APIError(.badGateway, code: "provider_unavailable", message: "\(provider.rawValue) could not be reached: \(reason); try again")
            case .notConfigured(let provider):
                throw APIError(.notFound, code: "provider_not_configured", message: "sign in with \(provider.rawValue) is not configured on this server")
            }
        }
    }
}
