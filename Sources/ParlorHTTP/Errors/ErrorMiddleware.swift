import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every error below it into the JSON envelope with the right status, so that no route,
/// framework or decoder error reaches a client in another shape.
///
/// Errors a client caused keep their 4xx status; anything else becomes a 500 whose details go to
/// the log, not to the client.
package struct ErrorMiddleware<Context: RequestIDContext>: RouterMiddleware {
    package let routes: RouteTable
    /// The typed and required parameters of each operation, by operation id.
    package let parameters: [String: [ParameterRule]]

    package init(routes: RouteTable, parameters: [String: [ParameterRule]] = [:]) {
        self.routes = routes
        self.parameters = parameters
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let body = ReceivedBody()
        do {
            return try await ReceivedBody.$current.withValue(body) { try await next(request, context) }
        } catch {
            let apiError: APIError
            if let routing = error as? any HTTPResponseError, routing.status == .notFound, context.endpointPath == "NotFound" {
                // The router found no handler: either no such path, or not with this method.
                let path = request.uri.path
                let allowed = routes.methods(matching: path)
                apiError =
                    allowed.isEmpty
                    ? .notFound("no route for \(request.method.rawValue) \(path)")
                    : .methodNotAllowed(request.method, path: path, allowed: allowed)
            } else if let refused = error as? ServerError, let field = parameterProblem(refused, in: request) {
                apiError = .invalidFields([field])
            } else if let refused = error as? ServerError, refused.underlyingError is DecodingError, body.wasEmpty {
                apiError = .malformedJSON("the request body is empty; expected a JSON document")
            } else if let clientError = APIError(clientError: error) {
                apiError = clientError
            } else {
                context.logger.error("unhandled error", metadata: ["error": "\(LogRedaction.describe(error))"])
                apiError = .internalError(requestID: context.requestID)
            }
            return try apiError.response(from: request, context: context)
        }
    }

    /// The parameter a request the generated code refused breaks, if that is why it was refused.
    private func parameterProblem(_ error: ServerError, in request: Request) -> FieldError? {
        guard (400..<500).contains(error.httpStatus.code), let rules = parameters[error.operationID] else { return nil }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where query[String(name)] == nil { query[String(name)] = String(value) }
        var path: [String: String] = [:]
        if let template = routes.template(matching: request.uri.path) {
            let values = request.uri.path.split(separator: "/")
            for (segment, value) in zip(template.split(separator: "/"), values) where segment.hasPrefix("{") && segment.hasSuffix("}") {
                path[String(segment.dropFirst().dropLast())] = String(value).removingPercentEncoding ?? String(value)
            }
        }
        return ParameterRule.firstProblem(in: rules, query: query, path: path)
    }
}

extension APIError {
    /// The error to show a client for `error`, or nil when the client did not cause it (a 500).
    public init?(clientError error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as ServerError:
            // OpenAPI wraps both its own request-parsing errors and whatever a handler threw.
            if let inner = APIError(clientError: error.underlyingError) {
                self = inner
            } else if (400..<500).contains(error.httpStatus.code) {
                self.init(error.httpStatus, code: APIError.code(for: error.httpStatus), message: error.causeDescription)
            } else {
                return nil
            }
        case let error as DecodingError:
            self = .malformedJSON(JSONBodyDecoder.describe(error))
        case let error as any HTTPResponseError where error.status.code < 500:
            let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase
            self.init(error.status, code: APIError.code(for: error.status), message: message)
        default:
            return nil
        }
    }
}
