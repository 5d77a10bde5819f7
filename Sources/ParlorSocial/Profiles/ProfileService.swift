import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ParlorPlay

/// Public profiles and finding users: what anyone may see of a player, nothing private (no
/// email, sign-in methods or sessions).
package struct ProfileService: Sendable {
    let database: Database
    let achievements: AchievementService

    package struct Profile: Sendable {
        package var user: DirectoryUser
        package var ratings: [PlayerRatings.Totals]
        package var unlocked: [AchievementService.Status]
    }

    static let searchSizes = 1...50

    package func profile(_ id: String) async throws -> Profile {
        let found = try await database.withConnection { sql -> (DirectoryUser, [PlayerRatings.Totals])? in
            guard id.count <= 64, let user = try await UserDirectory.users([id], on: sql)[id] else { return nil }
            return (user, try await PlayerRatings.all(of: id, on: sql))
        }
        guard let (user, ratings) = found else { throw APIError.notFound("no user with id '\(id.prefix(64))'") }
        return Profile(user: user, ratings: ratings, unlocked: try await achievements.progress(of: id, game: nil, unlockedOnly: true))
    }

    /// Users whose username starts with `prefix`, in username order after the username `after`.
    package func search(prefix: String, after: String?, limit: Int?) async throws -> (users: [DirectoryUser], next: String?) {
        let size = limit ?? 20
        guard Self.searchSizes.contains(size) else { throw APIError.invalidField("limit", "must be 1–50") }
        guard (1...20).contains(prefix.count), prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw APIError.invalidField("prefix", "must be 1–20 letters, digits or _")
        }
        try FriendService.checkCursor(after)
        let users = try await database.withConnection { sql in
            try await UserDirectory.search(prefix: prefix, after: after, limit: size, on: sql)
        }
        return (users, users.count == size ? users.last?.username.lowercased() : nil)
    }
}
