import Foundation
import ParlorEvents
import SQLKit

/// What online play asks of the capabilities built on it (friends, leaderboards, achievements, push),
/// which it cannot name: they depend on play, not play on them. The application root plugs them in.
package struct PlayHooks: Sendable {
    /// Told of every finished game inside the transaction that records its result.
    package var results: (any PlayResultsHook)?
    /// Who blocks whom: a blocked user's invitations and chat never reach the blocker.
    package var blocks: (any PlayBlocksHook)?
    /// Turns, invitations and endings that may be pushed to phones.
    package var notifier: (any PlayPushHook)?
    /// What a subscription buys in play: priority in quick match, a longer game history.
    package var benefits: (any PlayBenefitsHook)?
    /// What a hint costs: without it the server sells none.
    package var hints: (any PlayHintsHook)?

    package init(
        results: (any PlayResultsHook)? = nil, blocks: (any PlayBlocksHook)? = nil, notifier: (any PlayPushHook)? = nil,
        benefits: (any PlayBenefitsHook)? = nil, hints: (any PlayHintsHook)? = nil
    ) {
        self.results = results
        self.blocks = blocks
        self.notifier = notifier
        self.benefits = benefits
        self.hints = hints
    }
}

/// A finished game as the authority recorded it: the only source of game scores and achievements.
package struct RecordedGame: Sendable, Equatable {
    package var game: UUID
    package var gameType: String
    /// Milliseconds since 1970.
    package var endedAt: Int64
    package var seats: [RecordedSeat]
}

package struct RecordedSeat: Sendable, Equatable {
    package var user: String
    package var seat: Int
    /// The game's own statistics of this seat, with `won`, `played` and `rating` added.
    package var statistics: [String: Int]
}

package protocol PlayResultsHook: Sendable {
    /// Records `game`'s results in the caller's transaction, once per game (a replay changes
    /// nothing); answers the notices to publish once it commits.
    func record(_ game: RecordedGame, on sql: any SQLDatabase) async throws -> [Notice]
}

package protocol PlayBlocksHook: Sendable {
    /// Of `others`, the users who block `user`.
    func blockers(of user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String>
    /// Of `others`, the users `user` blocks.
    func blocked(by user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String>
    /// Every block between two of `users`: quick match never puts them in one game.
    func pairs(among users: [String], on sql: any SQLDatabase) async throws -> Set<BlockedPair>
}

package struct BlockedPair: Hashable, Sendable {
    package var blocker: String
    package var blocked: String

    package init(blocker: String, blocked: String) {
        self.blocker = blocker
        self.blocked = blocked
    }
}

/// What online play tells the push capability, inside the transaction of the change, so a
/// notification is stored exactly when the change is.
package protocol PlayPushHook: Sendable {
    /// A turn-based game's turn came to `turn.users`.
    func turnPassed(_ turn: TurnPassed, on sql: any SQLDatabase) async throws
    /// `invitation.to` was invited (never called for an invitee who blocks the inviter).
    func invited(_ invitation: InvitationSent, on sql: any SQLDatabase) async throws
    /// The game ended; `name` is the game's display name.
    func ended(_ game: RecordedGame, name: String, on sql: any SQLDatabase) async throws
}

/// What purchases decide in play, where the server decides it.
package protocol PlayBenefitsHook: Sendable {
    /// Of `users` waiting for a quick match of `game`, those served first.
    func prioritized(among users: [String], game: String, at now: Int64, on sql: any SQLDatabase) async throws -> Set<String>
    /// How far back (milliseconds before `now`) `user`'s finished games are listed; nil for all.
    func historyWindow(of user: String, at now: Int64, on sql: any SQLDatabase) async throws -> Int64?
}

/// What purchases charge for a hint, which play computes.
package protocol PlayHintsHook: Sendable {
    /// Whether hints are sold for games of `gameType`.
    func sellsHints(for gameType: String) -> Bool
    /// Spends one of `user`'s hints for `gameType` under `hintID` (once: a retry spends nothing and
    /// answers the first request's `answer`). Throws the purchases' refusal (none left, a bad id).
    func spendHint(_ hintID: String, user: String, gameType: String, answer: String) async throws -> SpentHint
}

/// A hint as purchases counted it.
package struct SpentHint: Sendable, Equatable {
    /// The suggestion the first request with this hint id was answered.
    package var answer: String
    /// Hints left; nil when the subscription makes them unlimited.
    package var remaining: Int?
    package var charged: Bool
    package var repeated: Bool

    package init(answer: String, remaining: Int?, charged: Bool, repeated: Bool) {
        self.answer = answer
        self.remaining = remaining
        self.charged = charged
        self.repeated = repeated
    }
}

package struct TurnPassed: Sendable, Equatable {
    package var game: UUID
    package var gameType: String
    package var gameName: String
    /// The move's seq: a notification per turn, stored once however often the step is retried.
    package var seq: Int
    package var users: [String]
    /// Who moved; nil when the turn is the game's first, come as the game started.
    package var moverName: String?
}

package struct InvitationSent: Sendable, Equatable {
    package var game: UUID
    package var gameType: String
    package var gameName: String
    package var invitation: String
    package var to: String
    package var fromName: String
    /// Renewed by a repeated invitation, which is worth telling again.
    package var expiresAt: Int64
}
