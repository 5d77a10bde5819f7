import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Creating staff from the command line (`parlor admin create`), where no admin exists yet to do it.
public enum AdminAccounts {
    public enum Outcome: Sendable, Equatable {
        case created(userID: String)
        case promoted(userID: String)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates `username` with `role` and `password`, or gives an existing user `role`.
    public static func create(
        username: String, password: String?, role: StaffRole = .admin, in database: Database, bcryptCost: UInt8 = 12, now: Date = Date()
    ) async throws -> Outcome {
        let existing = try await database.withConnection { sql in try await UserStore.find(login: username, on: sql) }
        if var user = existing {
            user.role = role.rawValue
            let promoted = user
            try await database.withConnection { sql in try await UserStore.update(promoted, on: sql) }
            return .promoted(userID: user.id)
        }
        if let problem = AccountRules.usernameProblem(username) { throw Failure(description: "username \(problem)") }
        guard let password else { throw Failure(description: "a new admin needs a password (PARLOR_ADMIN_PASSWORD or standard input)") }
        if let problem = AccountRules.passwordProblem(password, username: username) { throw Failure(description: "password \(problem)") }
        let hash = try await PasswordHasher(cost: bcryptCost).hash(password)
        let time = now.millis
        let user = UserRecord(
            id: UUID().uuidString.lowercased(), username: username, usernameKey: username.lowercased(), displayName: username,
            emailVerified: 0, preferences: "{}", passwordHash: hash, role: role.rawValue, createdAt: time, lastActiveAt: time)
        try await database.transaction { sql in try await UserStore.insert(user, on: sql) }
        return .created(userID: user.id)
    }
}
