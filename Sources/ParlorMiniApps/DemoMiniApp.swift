import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// A mini app served by Parlor itself, so the launch-and-exchange flow can be tried in a browser.
///
/// Its backend is in-process: it exchanges its launch code directly, as the registered app `demo`,
/// without a secret (nobody holds one until an admin rotates it). A real mini app does the same
/// over HTTP at `POST /sso/exchange` with its id and secret.
package enum DemoMiniApp {
    static let id = "demo"

    /// Adds the demo to the catalogue when it is missing; an admin's later edits are left alone.
    package static func register(with service: MiniAppService, issuer: String) async throws {
        let time = service.now().millis
        let origin = MiniAppRules.origin(of: issuer) ?? issuer
        let app = MiniAppRecord(
            id: id, name: "Who am I?", description: "A demo mini app that shows who signed in through Parlor's single sign-on.",
            iconUrl: "", launchUrl: "\(issuer)/miniapps/demo", allowedOrigins: MiniAppService.encode([origin]), category: "demo",
            enabled: 1, secretHash: Secrets.hash(Secrets.randomToken()), createdAt: time, updatedAt: time)
        try await service.database.transaction { sql in
            if try await MiniAppStore.find(id, on: sql) == nil { try await MiniAppStore.insert(app, on: sql) }
        }
    }
}

extension MiniAppsAPI {
    package func getDemoMiniApp(_ input: Operations.GetDemoMiniApp.Input) async throws -> Operations.GetDemoMiniApp.Output {
        .ok(.init(body: .html(HTTPBody(DemoMiniAppPage.html))))
    }

    package func startDemoSession(_ input: Operations.StartDemoSession.Input) async throws -> Operations.StartDemoSession.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let app = try await miniApps.find(DemoMiniApp.id)
        return .ok(.init(body: .json(try await ssoToken(code: body.code, app: app))))
    }
}
