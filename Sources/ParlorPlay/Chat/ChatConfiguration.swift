import Foundation
import ParlorAccounts

/// How a game's chat is kept and policed: `parlor serve` fills it from the `chat_*` settings.
package struct ChatConfiguration: Sendable, Equatable {
    /// The longest line, in characters once trimmed (the contract's 1–500).
    package static let lineLimit = 500

    /// Lines a game keeps; past it the oldest go as a new one is stored, so a long game chats on
    /// and its record holds the latest lines rather than refusing the players.
    package var linesPerGame = 500
    /// Lines replayed to a connection that (re)subscribes, the newest ones, oldest first.
    package var replayedLines = 50
    /// Lines a user may send, across every game and node: a person types a few a minute; a
    /// script flooding a table is stopped (refused lines do not count).
    package var linesPerUser = RateLimitPolicy.Rule(20, per: .seconds(60))
    /// Words masked with asterisks wherever they stand as a whole word, in any case.
    package var filter = ChatFilter(words: [])

    package init() {}

    /// No per-user limit, for load tests and trusted networks (`rate_limits: off`).
    package static let unlimited = RateLimitPolicy.Rule(.max, per: .seconds(1))
}
