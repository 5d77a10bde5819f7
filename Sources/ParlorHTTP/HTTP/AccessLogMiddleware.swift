import Foundation
import Hummingbird
import Logging

/// One structured log line per request, written when the response is ready.
package struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let route = context.endpointPath ?? "NotFound"
        // A path that carries a credential (a device's push token) is logged as its route.
        let path = route.contains("{token}") ? route : request.uri.path
        context.logger.info(
            "request",
            metadata: [
                "http.method": .string(request.method.rawValue),
                "http.path": .string(path),
                "http.route": .string(route),
                "http.status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.2f", milliseconds)),
            ]
        )
        return response
    }
}
