import Hummingbird
import ParlorHTTP

/// Keeps the requests being handled in a ``ShutdownProgress``: a stop waits for each of them,
/// and one that never ends is named in the report of a stop that overran its deadline.
struct RequestsInFlightMiddleware<Context: RequestIDContext>: RouterMiddleware {
    let progress: ShutdownProgress

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let ticket = progress.requestStarted(method: request.method.rawValue, path: request.uri.path, id: context.requestID)
        defer { progress.requestFinished(ticket) }
        return try await next(request, context)
    }
}
