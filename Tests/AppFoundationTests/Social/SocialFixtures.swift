import AppFoundation
import Foundation
import ParlorClient

/// The users, boards and server refusals the social models' tests share.
enum SocialFixtures {
    static let ann = SocialUser(id: "u-ann", username: "ann", displayName: "Ann")
    static let bob = SocialUser(id: "u-bob", username: "bob", displayName: "Bob")
    static let cy = SocialUser(id: "u-cy", username: "cy", displayName: "Cy")
    static let dee = SocialUser(id: "u-dee", username: "dee", displayName: "Dee")
    static let me = SocialUser(id: "u-me", username: "meg", displayName: "Meg")

    static let rating = Leaderboard(id: "quortex.rating", game: "quortex", name: "Rating", lowerIsBetter: false, periods: LeaderboardPeriod.allCases)
    static let wins = Leaderboard(id: "quortex.wins", game: "quortex", name: "Wins", lowerIsBetter: false, periods: LeaderboardPeriod.allCases)
    /// A board that keeps only all time and months.
    static let fewest = Leaderboard(
        id: "quortex.fewest_tiles", game: "quortex", name: "Fewest Tiles", lowerIsBetter: true, periods: [.allTime, .monthly])

    static let day = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(_ rank: Int, _ user: SocialUser, _ score: Int64) -> LeaderboardEntry {
        LeaderboardEntry(rank: rank, user: user, score: score)
    }

    static let offline = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "The Internet connection appears to be offline.")
    static let unknownBoard = ParlorError(kind: .notFound, code: "not_found", message: "there is no leaderboard quortex.nothing", status: 404)
    static let blockingThem = ParlorError(kind: .conflict, code: "blocking_user", message: "you block this user; unblock them first", status: 409)
    static let noSuchUser = ParlorError(kind: .notFound, code: "not_found", message: "there is no user ghost", status: 404)
}
