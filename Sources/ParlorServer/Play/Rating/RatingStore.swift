import Foundation
import GameCore
import SQLKit

/// Per player and game: rating and totals, updated in the transaction that ends a game, so a
/// game counts exactly once.
enum RatingStore {
    struct Totals: Sendable, Equatable {
        var game: String
        var rating: Int
        var games: Int
        var wins: Int
        var losses: Int
    }

    /// Rates a finished game and updates each player's totals; returns the seats with their
    /// ratings before and after.
    static func record(_ outcome: GameOutcome, of game: LiveGame, at now: Int64, on sql: any SQLDatabase) async throws -> [SeatRow] {
        let seated = game.seats.filter { $0.seat != nil }.sorted { ($0.seat ?? 0) < ($1.seat ?? 0) }
        var before: [Int] = []
        for seat in seated {
            before.append(try await totals(of: seat.user, game: game.row.gameID, on: sql)?.rating ?? EloRating.startingRating)
        }
        let winnerIndices = Set(seated.indices.filter { outcome.winners.contains(seated[$0].seat ?? -1) })
        let after = EloRating().newRatings(ratings: before, winners: winnerIndices)
        var seats = game.seats
        for (index, seat) in seated.enumerated() {
            let won = winnerIndices.contains(index)
            let drawn = outcome.winners.isEmpty
            try await sql.raw("""
                INSERT INTO player_ratings (user_id, game_id, rating, games, wins, losses, updated_at)
                VALUES (\(bind: seat.user), \(bind: game.row.gameID), \(bind: after[index]), 1, \(bind: won ? 1 : 0), \(bind: won || drawn ? 0 : 1), \(bind: now))
                ON CONFLICT (user_id, game_id) DO UPDATE SET rating = excluded.rating, games = player_ratings.games + 1,
                wins = player_ratings.wins + excluded.wins, losses = player_ratings.losses + excluded.losses, updated_at = excluded.updated_at
                """).run()
            try await PlayStore.setRatings(seat.user, in: game.id, before: before[index], after: after[index], on: sql)
            if let position = seats.firstIndex(where: { $0.user == seat.user }) {
                seats[position].ratingBefore = before[index]
                seats[position].ratingAfter = after[index]
            }
        }
        return seats
    }

    static func totals(of user: String, game: String, on sql: any SQLDatabase) async throws -> Totals? {
        try await all(of: user, on: sql).first { $0.game == game }
    }

    static func all(of user: String, on sql: any SQLDatabase) async throws -> [Totals] {
        try await sql.select().columns("game_id", "rating", "games", "wins", "losses").from("player_ratings")
            .where("user_id", .equal, user).orderBy("game_id").all()
            .map { row in
                Totals(
                    game: try row.decode(column: "game_id", as: String.self), rating: try row.decode(column: "rating", as: Int.self),
                    games: try row.decode(column: "games", as: Int.self), wins: try row.decode(column: "wins", as: Int.self),
                    losses: try row.decode(column: "losses", as: Int.self))
            }
    }
}
