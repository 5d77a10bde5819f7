import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every error below it into the JSON envelope with the right status, so that no route,
/// framework or decoder error reaches a client in another shape.
///
/// Errors a client caused keep their 4xx status; anything else becomes a 500 whose details go to
/// the log, not to the client.
struct ErrorMiddleware<Context: RequestIDContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = classify(error, request: request, context: context)
            if apiError.status == .internalServerError {
                context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            }
            return try apiError.response(from: request, context: context)
        }
    }

    func classify(_ error: any Error, request: Request, context: Context) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ServerError:
            // OpenAPI wraps both its own request-parsing errors and whatever a handler threw.
            let inner = classify(error.underlyingError, request: request, context: context)
            if inner.status != .internalServerError { return inner }
            if (400..<500).contains(error.httpStatus.code) {
                return APIError(error.httpStatus, code: APIError.code(for: error.httpStatus), message: error.causeDescription)
            }
            return inner
        case let error as DecodingError:
            return .malformedJSON(JSONBodyDecoder.describe(error))
        case let error as any HTTPResponseError where error.status == .notFound && context.endpointPath == "NotFound":
            let allowed = routes.methods(matching: request.uri.path)
            if !allowed.isEmpty { return .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed) }
            return .notFound("no route for \(request.method.rawValue) \(request.uri.path)")
        case let error as any HTTPResponseError where error.status.code < 500:
            let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase
            return APIError(error.status, code: APIError.code(for: error.status), message: message)
        default:
            return .internalError(requestID: context.requestID)
        }
    }
}
