import Foundation
import ParlorAPI

/// Who is signed in, as screens show it.
public struct SignedInUser: Equatable, Sendable {
    public let id: String
    public let username: String
    public let displayName: String
    /// A guest account (no password, no linked provider): progress lives on this device's id
    /// until the player adds a way to sign in.
    public let isGuest: Bool

    public init(id: String, username: String, displayName: String, isGuest: Bool) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.isGuest = isGuest
    }

    public init(_ user: Components.Schemas.User) {
        self.init(
            id: user.id, username: user.username, displayName: user.displayName,
            isGuest: !user.hasPassword && user.identities.allSatisfy { $0.provider == .device })
    }
}

/// Why the player is signed out, when they did not ask.
public enum SignedOutReason: Equatable, Sendable {
    /// The server would not renew the session (it expired, was revoked, or its refresh token was
    /// used elsewhere).
    case expired
    /// The account was deleted.
    case accountDeleted
    /// Staff suspended the account until a time, or banned it (nil).
    case suspended(until: Date?)

    public var message: String {
        switch self {
        case .expired: "Your session has ended. Please sign in again."
        case .accountDeleted: "This account was deleted."
        case .suspended(let until):
            until.map { "This account is suspended until \($0.formatted(date: .abbreviated, time: .shortened))." } ?? "This account is banned."
        }
    }
}
