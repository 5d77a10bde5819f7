import Foundation
import Hummingbird
import NIOCore

/// Who sent the request being handled: the client's address and the credentials it presented.
///
/// Generated OpenAPI handlers see only the operation's declared input, and security schemes are
/// not part of it; ``RequestOriginMiddleware`` publishes these as a task-local for their duration.
package struct RequestOrigin: Sendable {
    @TaskLocal package static var current = RequestOrigin(clientAddress: "unknown", authorization: nil, userAgent: nil)

    package var clientAddress: String
    package var authorization: String?
    package var userAgent: String?

    /// The token of an `Authorization: Bearer …` header.
    package var bearerToken: String? {
        credentials(scheme: "bearer")
    }

    /// The user name and password of an `Authorization: Basic …` header.
    package var basicCredentials: (user: String, password: String)? {
        guard let encoded = credentials(scheme: "basic"), let data = Data(base64Encoded: encoded),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private func credentials(scheme: String) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == scheme else { return nil }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }
}

/// Publishes ``RequestOrigin/current`` for the rest of the request.
package struct RequestOriginMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    /// Believe the first `X-Forwarded-For` address; only behind a proxy that sets it.
    package let trustForwardedFor: Bool

    package init(trustForwardedFor: Bool) { self.trustForwardedFor = trustForwardedFor }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var address = context.remoteAddress?.ipAddress ?? "unknown"
        if trustForwardedFor, let forwarded = request.headers[.xForwardedFor]?.split(separator: ",").first {
            address = forwarded.trimmingCharacters(in: .whitespaces)
        }
        let origin = RequestOrigin(
            clientAddress: address,
            authorization: request.headers[.authorization],
            userAgent: request.headers[.userAgent].map { String($0.prefix(200)) }
        )
        return try await RequestOrigin.$current.withValue(origin) { try await next(request, context) }
    }
}
