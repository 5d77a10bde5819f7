import Foundation

/// Every failure of a Parlor call, as one type: what kind of failure it is (the seed's error
/// cases, Appendix K), the server's code and message when the server answered, the HTTP status,
/// and what the user can do about it. Transport and decoding errors never reach the app raw.
public struct ParlorError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case networkUnavailable
        case timeout
        case notAuthenticated
        case sessionExpired
        case invalidCredentials
        case forbidden
        case notFound
        case invalidInput
        case notYourTurn
        case conflict
        case paymentRequired
        case insufficientBalance
        case rateLimited
        /// Staff suspended or banned the account: signing in again does not help until it ends.
        case accountSuspended
        case serverError
        /// An answer this client cannot read (a newer server, a proxy's page).
        case unexpectedResponse
    }

    public var kind: Kind
    /// The server's stable code (`not_your_turn`, `invalid_fields`, …), or the client's own
    /// (`network_unavailable`, `timeout`) when no answer came.
    public var code: String
    public var message: String
    /// Nil when no answer came.
    public var status: Int?
    /// With `invalid_fields`: each field and what is wrong with it.
    public var fields: [Field]
    /// With 429: seconds to wait before trying again.
    public var retryAfter: Int?
    /// With `account_suspended`: when the suspension ends; nil for a ban.
    public var suspendedUntil: Date?

    public struct Field: Sendable, Equatable {
        public var field: String
        public var message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public init(
        kind: Kind, code: String, message: String, status: Int? = nil, fields: [Field] = [], retryAfter: Int? = nil, suspendedUntil: Date? = nil
    ) {
        self.kind = kind
        self.code = code
        self.message = message
        self.status = status
        self.fields = fields
        self.retryAfter = retryAfter
        self.suspendedUntil = suspendedUntil
    }

    /// What a player can do about it, in words an app can show.
    public var recoverySuggestion: String {
        switch kind {
        case .networkUnavailable: "Check your connection and try again."
        case .timeout: "The server is slow to answer; try again in a moment."
        case .notAuthenticated, .sessionExpired: "Please sign in again."
        case .invalidCredentials: "Check your username and password."
        case .forbidden: "This is not open to your account."
        case .notFound: "It may have been removed; refresh and try again."
        case .invalidInput: fields.isEmpty ? "Check what you entered." : "Check " + fields.map(\.field).joined(separator: ", ") + "."
        case .notYourTurn: "Wait for your turn."
        case .conflict: "Things changed meanwhile; refresh and try again."
        case .paymentRequired: "Buy a pack or subscribe to continue."
        case .insufficientBalance: "Add funds to continue."
        case .rateLimited: retryAfter.map { "Too many tries; wait \($0) seconds." } ?? "Too many tries; wait a little."
        case .accountSuspended:
            suspendedUntil.map { "This account is suspended until \($0.formatted(date: .abbreviated, time: .shortened))." }
                ?? "This account is banned."
        case .serverError, .unexpectedResponse: "Please try again."
        }
    }

    public var description: String { status.map { "\($0) \(code): \(message)" } ?? "\(code): \(message)" }

    /// The kind of a server answer with `status` and `code`.
    static func kind(status: Int, code: String) -> Kind {
        switch code {
        case "not_your_turn": return .notYourTurn
        case "invalid_credentials": return .invalidCredentials
        case "token_expired", "session_ended", "refresh_token_reused", "invalid_refresh_token": return .sessionExpired
        case "insufficient_balance": return .insufficientBalance
        case "account_suspended": return .accountSuspended
        case "invalid_fields", "malformed_json", "bad_request": return .invalidInput
        default: break
        }
        switch status {
        case 400, 413, 415, 422: return .invalidInput
        case 401: return .notAuthenticated
        case 402: return .paymentRequired
        case 403: return .forbidden
        case 404: return .notFound
        case 409: return .conflict
        case 429: return .rateLimited
        case 500...599: return .serverError
        default: return .unexpectedResponse
        }
    }
}
