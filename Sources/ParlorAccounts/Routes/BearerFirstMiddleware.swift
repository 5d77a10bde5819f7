import Hummingbird
import ParlorHTTP

/// Checks the bearer token of the operations that need one before any other part of the request
/// is read, so a caller without a valid token hears 401 whatever its body or parameters hold (the
/// generated handlers would otherwise decode them first and answer 400). The caller found is
/// kept for the request, so the handler does not check the token again.
package struct BearerFirstMiddleware<Context: RequestContext>: RouterMiddleware {
    let accounts: AccountService
    let routes: RouteTable
    /// `METHOD /template` of every operation secured by a bearer token alone.
    let secured: Set<String>

    package init(accounts: AccountService, routes: RouteTable, secured: Set<String>) {
        self.accounts = accounts
        self.routes = routes
        self.secured = secured
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let template = routes.template(matching: request.uri.path), secured.contains("\(request.method.rawValue) \(template)") else {
            return try await next(request, context)
        }
        let caller = try await accounts.authenticate()
        return try await AuthenticatedCaller.$current.withValue(caller) { try await next(request, context) }
    }
}

/// The caller ``BearerFirstMiddleware`` authenticated for the request being handled.
enum AuthenticatedCaller {
    @TaskLocal static var current: AuthenticatedUser?
}
