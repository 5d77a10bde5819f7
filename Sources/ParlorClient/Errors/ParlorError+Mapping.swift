import Foundation
import HTTPTypes
import OpenAPIRuntime

extension ParlorError {
    /// The error of a server answer: its status, and the envelope `{"error":{"code","message","fields"}}`.
    public init(status: Int, body: Data, retryAfter: String? = nil) {
        struct Envelope: Decodable {
            struct Detail: Decodable {
                var code: String
                var message: String
                var fields: [FieldDetail]?
                var suspendedUntil: String?

                enum CodingKeys: String, CodingKey {
                    case code, message, fields
                    case suspendedUntil = "suspended_until"
                }
            }

            struct FieldDetail: Decodable {
                var field: String
                var message: String
            }

            var error: Detail
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body) else {
            self.init(
                kind: status >= 500 ? .serverError : .unexpectedResponse, code: "http_\(status)",
                message: "the server answered HTTP \(status) without an error this client reads", status: status)
            return
        }
        let detail = envelope.error
        self.init(
            kind: Self.kind(status: status, code: detail.code), code: detail.code, message: detail.message, status: status,
            fields: (detail.fields ?? []).map { Field(field: $0.field, message: $0.message) }, retryAfter: retryAfter.flatMap { Int($0) },
            suspendedUntil: detail.suspendedUntil.flatMap { try? Date($0, strategy: .iso8601) })
    }

    /// Any error a call threw, as a ``ParlorError``: the runtime's wrapper is opened, a session
    /// error keeps its meaning, a failure to connect or a timeout says so.
    public init(_ error: any Error) {
        if let parlor = error as? ParlorError {
            self = parlor
        } else if let client = error as? ClientError {
            self.init(client.underlyingError)
        } else if let session = error as? ParlorSessionError {
            switch session {
            case .notSignedIn: self.init(kind: .notAuthenticated, code: "not_signed_in", message: "not signed in")
            case .sessionExpired: self.init(kind: .sessionExpired, code: "session_expired", message: "the session has expired")
            case .accountSuspended(let until):
                self.init(kind: .accountSuspended, code: "account_suspended", message: "\(session)", status: 403, suspendedUntil: until)
            case .unexpectedStatus(let status):
                self.init(kind: .unexpectedResponse, code: "http_\(status)", message: "\(session)", status: status)
            }
        } else if error is DecodingError {
            self.init(kind: .unexpectedResponse, code: "unreadable_response", message: "the answer does not decode: \(error)")
        } else if Self.isTimeout(error) {
            self.init(kind: .timeout, code: "timeout", message: "no answer in time")
        } else {
            self.init(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached: \(error)")
        }
    }

    /// Timeouts by their type's name: AsyncHTTPClient's `deadlineExceeded`/`readTimeout`,
    /// NIO's `connectTimeout`, URLSession's `timedOut`; the client does not link all of them.
    static func isTimeout(_ error: any Error) -> Bool {
        let text = String(describing: error).lowercased()
        return text.contains("deadlineexceeded") || text.contains("timeout") || text.contains("timedout") || text.contains("timed out")
    }
}

/// Turns every answer outside 2xx into a thrown ``ParlorError`` carrying the server's envelope,
/// so an app handles one error type and reads only successful outputs.
public struct ErrorEnvelopeMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.kind != .successful, response.status.kind != .redirection, response.status.kind != .informational else {
            return (response, responseBody)
        }
        let data: Data
        if let responseBody { data = try await Data(collecting: responseBody, upTo: 1 << 20) } else { data = Data() }
        throw ParlorError(status: response.status.code, body: data, retryAfter: response.headerFields[.retryAfter])
    }
}

/// Runs a call and throws only ``ParlorError``s.
public func parlorCall<Result>(_ call: () async throws -> Result) async throws(ParlorError) -> Result {
    do {
        return try await call()
    } catch {
        throw ParlorError(error)
    }
}
