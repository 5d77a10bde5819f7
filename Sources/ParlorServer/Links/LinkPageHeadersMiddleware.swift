import Hummingbird
import HTTPTypes
import ParlorLinks

/// Puts the link pages' Content-Security-Policy on every answer of their paths (found pages and
/// error pages alike). Set here, as the bytes the browser must read: the generated handlers
/// would percent-encode a header value, which no browser reads as a policy.
struct LinkPageHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: HTTPField.Name { HTTPField.Name("Content-Security-Policy") ?? .contentType }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let path = request.uri.path
        if ParlorLink.Kind.allCases.contains(where: { path.hasPrefix("/\($0.rawValue)/") }) {
            response.headers[Self.contentSecurityPolicy] = LinkPage.contentSecurityPolicy
        }
        return response
    }
}
