import ParlorDatabase
import ParlorHTTP
import SQLKit

/// What the operator console needs of accounts: a staff member's password checked without a
/// platform session, the staff member behind a console session read fresh on every request, and
/// admin API calls made as that staff member.
extension AccountService {
    /// Checks a staff member's password under sign-in's rate limits. A player, a suspended or
    /// deleted account and a wrong password are refused alike, so the form tells nobody which
    /// accounts are staff.
    package func verifyStaffPassword(login: String, password: String) async throws -> StaffMember {
        let user = try await checkPassword(login: login, password: password)
        guard let member = try await staffMember(id: user.id) else { throw APIError.invalidCredentials }
        return member
    }

    /// The staff member with this id, read now: nil once the account is deleted, suspended or no
    /// longer staff, which ends every console session of theirs on its next request.
    package func staffMember(id: String) async throws -> StaffMember? {
        let current = now().millis
        return try await database.withConnection { sql in
            guard let row = try await sql.raw("""
                    SELECT u.id, u.username, u.display_name, u.role FROM users AS u
                    WHERE u.id = \(bind: id) AND u.deleted_at IS NULL AND u.role IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM user_suspensions AS x WHERE x.user_id = u.id AND (x.until_at IS NULL OR x.until_at > \(bind: current)))
                    """).first(),
                let role = StaffRole(rawValue: try row.decode(column: "role", as: String.self))
            else { return nil }
            return StaffMember(
                id: try row.decode(column: "id", as: String.self), username: try row.decode(column: "username", as: String.self),
                displayName: try row.decode(column: "display_name", as: String.self), role: role)
        }
    }

    /// Every staff member not deleted (suspended ones included), by username.
    package func staffMembers() async throws -> [StaffMember] {
        try await database.withConnection { sql in
            try await sql.raw("""
                SELECT id, username, display_name, role FROM users WHERE role IS NOT NULL AND deleted_at IS NULL ORDER BY username_key
                """).all().compactMap { row in
                guard let role = StaffRole(rawValue: try row.decode(column: "role", as: String.self)) else { return nil }
                return StaffMember(
                    id: try row.decode(column: "id", as: String.self), username: try row.decode(column: "username", as: String.self),
                    displayName: try row.decode(column: "display_name", as: String.self), role: role)
            }
        }
    }

    /// Runs `body` as `member` in console session `session`, as though a bearer token of theirs
    /// had been checked: the admin API's role checks and audit trail apply unchanged.
    package func acting<T: Sendable>(as member: StaffMember, session: String, _ body: () async throws -> T) async throws -> T {
        // A bearer token the browser happened to send is no part of a console request.
        var origin = RequestOrigin.current
        origin.authorization = nil
        return try await RequestOrigin.$current.withValue(origin) {
            try await AuthenticatedCaller.$current.withValue(AuthenticatedUser(userID: member.id, sessionID: session, role: member.role)) {
                try await body()
            }
        }
    }

    /// Counts a second-factor attempt against the account's sign-in budget, so codes cannot be
    /// guessed faster than passwords.
    package func limitSecondFactor(userID: String) async throws {
        try await limitSignIn()
        try await limitSignIn(account: "totp:\(userID)")
    }

    /// `secret` sealed with the key-encryption keys, bound to `context`, for a secret the console
    /// keeps (a TOTP key): a copy of the database alone does not give it away.
    package func sealSecret(_ secret: String, context: String) throws -> String {
        try configuration.keyEncryption.seal(secret, context: context)
    }

    /// Opens what ``sealSecret(_:context:)`` sealed.
    package func openSecret(_ sealed: String, context: String) throws -> String {
        try configuration.keyEncryption.open(sealed, context: context).plaintext
    }
}

/// A staff member as the console shows and checks them.
package struct StaffMember: Sendable, Equatable {
    package var id: String
    package var username: String
    package var displayName: String
    package var role: StaffRole

    package init(id: String, username: String, displayName: String, role: StaffRole) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.role = role
    }
}
