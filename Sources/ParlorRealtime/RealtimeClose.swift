import NIOWebSocket
import ParlorAccounts
import ParlorPlay

/// Why the server ends a connection: the close code and reason the client receives.
///
/// Standard codes only (the contract defines no private ones); the precise cause, when the
/// client can still be told, travels first as an `error` frame with a stable code.
package struct RealtimeClose: Sendable, Equatable {
    var code: WebSocketErrorCode
    var reason: String

    static let unauthorized = RealtimeClose(code: .policyViolation, reason: "unauthorized")
    static let authenticationTimeout = RealtimeClose(code: .policyViolation, reason: "authentication timeout")
    static let rateLimited = RealtimeClose(code: .policyViolation, reason: "rate limit exceeded")
    static let tooLarge = RealtimeClose(code: .messageTooLarge, reason: "message too large")
    static let queueFull = RealtimeClose(code: .policyViolation, reason: "too slow: outgoing queue full")
    static let writeStalled = RealtimeClose(code: .policyViolation, reason: "too slow: not reading")
    static let pingTimeout = RealtimeClose(code: .goingAway, reason: "ping timeout")
    static let shuttingDown = RealtimeClose(code: .goingAway, reason: "server shutting down")
    static let accountClosed = RealtimeClose(code: .policyViolation, reason: "the account was deleted")
    /// The session the connection was opened with ended (signed out, a password changed).
    static let signedOut = RealtimeClose(code: .policyViolation, reason: "the session has ended; sign in again")
    /// Other nodes took this one for dead and stopped counting its connections: reconnecting
    /// counts them again.
    package static let presenceLost = RealtimeClose(code: .goingAway, reason: "server lost track of its connections; reconnect")
}
