import Hummingbird

/// The language a request asks for (`Accept-Language`'s first choice), for the rest of the
/// request: a sign-in gives it to an account that has none yet.
package enum RequestLocale {
    @TaskLocal package static var current: String?
}

/// Publishes ``RequestLocale/current``.
package struct RequestLocaleMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.acceptLanguage] else { return try await next(request, context) }
        let tag = LocaleTag.preferred(inAcceptLanguage: String(header.prefix(1024)))
        return try await RequestLocale.$current.withValue(tag) { try await next(request, context) }
    }
}
