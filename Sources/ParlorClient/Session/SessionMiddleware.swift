import Foundation
import HTTPTypes
import OpenAPIRuntime
import ParlorAPI

/// Signs every operation that needs it with the session's access token; when the server refuses
/// one (401), refreshes once and sends the request again, if its body can be sent twice.
public struct SessionMiddleware: ClientMiddleware {
    public let session: ParlorSession
    let secured: Set<String>

    public init(session: ParlorSession, secured: Set<String> = APIDocument.bearerOperationIDs) {
        self.session = session
        self.secured = secured
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard secured.contains(operationID) else { return try await next(request, body, baseURL) }
        var request = request
        let token = try await session.accessToken()
        request.headerFields[.authorization] = "Bearer \(token)"
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status == .unauthorized, body.map({ $0.iterationBehavior == .multiple }) ?? true else {
            return (response, responseBody)
        }
        request.headerFields[.authorization] = "Bearer \(try await session.token(afterRejecting: token))"
        return try await next(request, body, baseURL)
    }
}
