import Foundation
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import SQLKit

/// Online play's part of deleting an account: the user's name leaves every game (the seat stays,
/// under the deleted account's anonymous name, so the other players' history and ratings still
/// add up), their places in waiting games, invitations, quick-match entry and ratings go, and they
/// resign the games still being played, so nobody waits on a player who is gone.
package struct PlayEraser: AccountErasureHook {
    let play: PlayServices

    package init(play: PlayServices) {
        self.play = play
    }

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        let games = try await PlayErasureStore.games(seating: user, on: sql)
        // Accounts has already renamed the user in this transaction; the seats take that name.
        let name = try await UserDirectory.displayName(of: user, on: sql)
        try await PlayErasureStore.forget(user, in: games, as: name, on: sql)
        return ErasureFollowUp { [play] in
            await Self.finish(user, in: games, play: play)
        }
    }

    /// After the deletion commits: every node drops its copies of the games, then the user
    /// resigns each game still being played. A node stopping before this is done leaves those
    /// games to their turn timers, which end them the same way.
    private static func finish(_ user: String, in games: [PlayErasureStore.SeatedGame], play: PlayServices) async {
        for game in games { await play.games.bus.publish(GameNotice.seatsChanged(game: game.id)) }
        for game in games where game.status == .active {
            play.games.cache.remove(game.id)
            do {
                _ = try await play.moves.move(game.id, user: user, moveID: "account-deleted", request: .resign)
            } catch {
                play.games.logger.info("a deleted account's game was left to its timer", metadata: ["game": "\(game.id)", "error": "\(error)"])
            }
        }
        do {
            // Resigning rates the game, which writes the user's rating again.
            try await play.games.database.transaction { sql in try await PlayErasureStore.forgetRatings(of: user, on: sql) }
        } catch {
            play.games.logger.warning("a deleted account's ratings stay", metadata: ["error": "\(error)"])
        }
    }
}
