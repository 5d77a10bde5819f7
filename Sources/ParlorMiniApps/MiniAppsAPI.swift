import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// The catalogue for players, its administration, and the single sign-on calls of mini-app backends.
extension MiniAppsAPI {
    package func listMiniApps(_ input: Operations.ListMiniApps.Input) async throws -> Operations.ListMiniApps.Output {
        _ = try await accounts.authenticate()
        let apps = try await miniApps.list(enabledOnly: true).map(Components.Schemas.MiniApp.init)
        return .ok(.init(body: .json(.init(apps: apps))))
    }

    package func launchMiniApp(_ input: Operations.LaunchMiniApp.Input) async throws -> Operations.LaunchMiniApp.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let launch = try await miniApps.launch(input.path.id, target: body.targetUrl, for: caller)
        let lifetime = accounts.configuration.launchCodeLifetime.wholeSeconds
        return .ok(.init(body: .json(.init(url: launch.url, code: launch.code, expiresIn: lifetime))))
    }

    package func exchangeSSOCode(_ input: Operations.ExchangeSSOCode.Input) async throws -> Operations.ExchangeSSOCode.Output {
        let app = try await miniApps.authenticateApp()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        return .ok(.init(body: .json(try await ssoToken(code: body.code, app: app))))
    }

    package func introspectToken(_ input: Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output {
        let app = try await miniApps.authenticateApp()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let result = try await miniApps.introspect(body.token, for: app)
        guard result.active, let claims = result.claims else { return .ok(.init(body: .json(.init(active: false)))) }
        return .ok(.init(body: .json(.init(active: true, sub: claims.sub, aud: claims.aud, username: claims.username, exp: Int(claims.exp), iat: Int(claims.iat)))))
    }

    func ssoToken(code: String, app: MiniAppRecord) async throws -> Components.Schemas.SSOToken {
        let (token, user) = try await miniApps.exchange(code: code, for: app)
        return .init(
            accessToken: token, tokenType: .bearer, expiresIn: accounts.configuration.appTokenLifetime.wholeSeconds, user: .init(user))
    }

    package func adminListMiniApps(_ input: Operations.AdminListMiniApps.Input) async throws -> Operations.AdminListMiniApps.Output {
        _ = try await accounts.requireAdmin()
        return .ok(.init(body: .json(.init(apps: try await miniApps.list(enabledOnly: false).map(Components.Schemas.MiniAppDetails.init)))))
    }

    package func adminCreateMiniApp(_ input: Operations.AdminCreateMiniApp.Input) async throws -> Operations.AdminCreateMiniApp.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let (app, secret) = try await miniApps.create(id: body.id, .init(body), by: admin.userID, reason: body.reason)
        return .created(.init(body: .json(.init(app: .init(app), clientSecret: secret))))
    }

    package func adminGetMiniApp(_ input: Operations.AdminGetMiniApp.Input) async throws -> Operations.AdminGetMiniApp.Output {
        _ = try await accounts.requireAdmin()
        return .ok(.init(body: .json(.init(try await miniApps.find(input.path.id)))))
    }

    package func adminUpdateMiniApp(_ input: Operations.AdminUpdateMiniApp.Input) async throws -> Operations.AdminUpdateMiniApp.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        return .ok(.init(body: .json(.init(try await miniApps.update(input.path.id, .init(body), by: admin.userID, reason: body.reason)))))
    }

    package func adminDeleteMiniApp(_ input: Operations.AdminDeleteMiniApp.Input) async throws -> Operations.AdminDeleteMiniApp.Output {
        let admin = try await accounts.requireAdmin()
        try await miniApps.delete(input.path.id, by: admin.userID, reason: input.query.reason)
        return .noContent(.init())
    }

    package func adminRotateMiniAppSecret(_ input: Operations.AdminRotateMiniAppSecret.Input) async throws -> Operations.AdminRotateMiniAppSecret.Output {
        let admin = try await accounts.requireAdmin()
        let (app, secret) = try await miniApps.rotateSecret(input.path.id, by: admin.userID, reason: input.query.reason)
        return .ok(.init(body: .json(.init(app: .init(app), clientSecret: secret))))
    }
}
