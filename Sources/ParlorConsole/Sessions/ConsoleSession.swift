/// A signed-in console browser, as stored (its id is the hash of the cookie).
package struct ConsoleSession: Codable, Sendable, Equatable {
    package var id: String
    package var userId: String
    /// The token every form of this session carries.
    package var csrf: String
    package var createdAt: Int64
    package var lastSeenAt: Int64
    /// The absolute end; the idle limit is counted from `lastSeenAt`.
    package var expiresAt: Int64
    /// 1 while the password is checked but the TOTP code is still owed.
    package var secondFactorPending: Int
    package var clientAddress: String
    package var userAgent: String?
    package var endedAt: Int64?
    package var flashNotice: String?
    package var flashProblem: String?

    package var awaitsSecondFactor: Bool { secondFactorPending != 0 }
}
