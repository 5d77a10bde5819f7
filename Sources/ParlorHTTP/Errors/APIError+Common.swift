import Hummingbird

/// The errors of signing in, sessions and permissions.
extension APIError {
    package static func invalidFields(_ fields: [FieldError]) -> APIError {
        let summary = fields.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        return APIError(.badRequest, code: "invalid_fields", message: summary, fields: fields)
    }

    package static func invalidField(_ field: String, _ message: String) -> APIError {
        .invalidFields([FieldError(field: field, message: message)])
    }

    package static func unauthorized(_ message: String, code: String = "unauthorized") -> APIError {
        APIError(.unauthorized, code: code, message: message, headers: [.wwwAuthenticate: "Bearer"])
    }

    /// The session was revoked or expired, or its user deleted.
    package static let sessionEnded = APIError.unauthorized("the session has ended; sign in again", code: "session_ended")

    package static let invalidCredentials = APIError(
        .unauthorized, code: "invalid_credentials", message: "the login or password is wrong")

    package static func forbidden(_ message: String) -> APIError {
        APIError(.forbidden, code: "forbidden", message: message)
    }

    package static func conflict(_ message: String, code: String = "conflict") -> APIError {
        APIError(.conflict, code: code, message: message)
    }

    package static func rateLimited(retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "rate_limited", message: "too many attempts; retry in \(seconds) s",
            headers: [.retryAfter: String(seconds)])
    }
}
