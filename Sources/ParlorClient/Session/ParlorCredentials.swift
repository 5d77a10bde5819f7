import Foundation

/// The tokens of a signed-in session: a short-lived access token and the refresh token that
/// renews it (once; each refresh hands out a new one).
public struct ParlorCredentials: Codable, Sendable, Equatable {
    public var userID: String
    public var accessToken: String
    public var accessExpiresAt: Date
    public var refreshToken: String
    public var refreshExpiresAt: Date

    public init(userID: String, accessToken: String, accessExpiresAt: Date, refreshToken: String, refreshExpiresAt: Date) {
        self.userID = userID
        self.accessToken = accessToken
        self.accessExpiresAt = accessExpiresAt
        self.refreshToken = refreshToken
        self.refreshExpiresAt = refreshExpiresAt
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", accessToken = "access_token", accessExpiresAt = "access_expires_at"
        case refreshToken = "refresh_token", refreshExpiresAt = "refresh_expires_at"
    }
}

/// Where a client keeps its credentials between launches: the Keychain on Apple platforms
/// (``KeychainCredentialStore``), a file only its owner can read on Linux (``FileCredentialStore``).
public protocol CredentialStore: Sendable {
    func load() async throws -> ParlorCredentials?
    func save(_ credentials: ParlorCredentials) async throws
    func clear() async throws
}

/// Credentials held in memory only: for tests and tools that sign in on every run.
public actor MemoryCredentialStore: CredentialStore {
    private var credentials: ParlorCredentials?

    public init(_ credentials: ParlorCredentials? = nil) { self.credentials = credentials }

    public func load() -> ParlorCredentials? { credentials }
    public func save(_ credentials: ParlorCredentials) { self.credentials = credentials }
    public func clear() { credentials = nil }
}
