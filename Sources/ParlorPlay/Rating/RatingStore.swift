import Foundation
import GameCore
import ParlorAccounts
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
    ///
    /// The players' rating rows are locked (PostgreSQL) before they are read, in user order so
    /// that two games sharing players cannot deadlock: a player's games that end at the same
    /// moment then each build on the rating the other left, instead of both starting from the same.
    static func record(_ outcome: GameOutcome, of game: LiveGame, at now: Int64, on sql: any SQLDatabase) async throws -> [SeatRow] {
        let seated = game.seats.filter { $0.seat != nil }.sorted { ($0.seat ?? 0) < ($1.seat ?? 0) }
        guard !seated.isEmpty else { return game.seats }
        let users = seated.map(\.user)
        let gameType = game.row.gameType
        let insert = sql.insert(into: "player_ratings").columns("user_id", "game_type", "rating", "games", "wins", "losses", "updated_at")
        for user in users.sorted() {
            insert.values(SQLBind(user), SQLBind(gameType), SQLBind(EloRating.startingRating), SQLBind(0), SQLBind(0), SQLBind(0), SQLBind(now))
        }
        let rows: [any SQLRow]
        if sql.dialect.name == "sqlite" {
            try await insert.ignoringConflicts(with: ["user_id", "game_type"]).run()
            rows = try await sql.raw("SELECT user_id, rating FROM player_ratings WHERE game_type = \(bind: gameType) AND user_id IN (\(binds: users))").all()
        } else {
            // One statement: a new player's row is made, a known one's locked (an upsert that
            // changes nothing still locks the row), in user order, and both return the rating.
            rows = try await insert.onConflict(with: ["user_id", "game_type"]) { $0.set(excludedValueOf: "user_id") }
                .returning("user_id", "rating").all()
        }
        var current: [String: Int] = [:]
        for row in rows { current[try row.decode(column: "user_id", as: String.self)] = try row.decode(column: "rating", as: Int.self) }
        let before = users.map { current[$0] ?? EloRating.startingRating }
        let winners = Set(seated.indices.filter { outcome.winners.contains(seated[$0].seat ?? -1) })
        let after = EloRating().newRatings(ratings: before, winners: winners)
        let drawn = outcome.winners.isEmpty
        let won = users.indices.map { winners.contains($0) ? 1 : 0 }
        let lost = users.indices.map { winners.contains($0) || drawn ? 0 : 1 }
        let totals: SQLQueryString = """
            UPDATE player_ratings SET rating = \(PlayStore.perUser(users, after)), games = games + 1,
            wins = wins + \(PlayStore.perUser(users, won)), losses = losses + \(PlayStore.perUser(users, lost)), updated_at = \(bind: now)
            WHERE game_type = \(bind: gameType) AND user_id IN (\(binds: users))
            """
        let seatRatings: SQLQueryString = """
            UPDATE game_players SET rating_before = \(PlayStore.perUser(users, before)), rating_after = \(PlayStore.perUser(users, after))
            WHERE game = \(bind: PlayStore.key(game.id)) AND user_id IN (\(binds: users))
            """
        // One statement on PostgreSQL: a game's end runs a score of them before its notice goes out.
        if sql.dialect.name == "sqlite" {
            try await sql.raw(totals).run()
            try await sql.raw(seatRatings).run()
        } else {
            try await sql.raw("WITH totals AS (\(totals) RETURNING user_id) \(seatRatings)").run()
        }
        var seats = game.seats
        for (index, user) in users.enumerated() {
            guard let position = seats.firstIndex(where: { $0.user == user }) else { continue }
            seats[position].ratingBefore = before[index]
            seats[position].ratingAfter = after[index]
        }
        return seats
    }

    static func totals(of user: String, game: String, on sql: any SQLDatabase) async throws -> Totals? {
        try await all(of: user, on: sql).first { $0.game == game }
    }

    static func all(of user: String, on sql: any SQLDatabase) async throws -> [Totals] {
        try await sql.select().columns("game_type", "rating", "games", "wins", "losses").from("player_ratings")
            .where("user_id", .equal, user).orderBy("game_type").all()
            .map { row in
                Totals(
                    game: try row.decode(column: "game_type", as: String.self), rating: try row.decode(column: "rating", as: Int.self),
                    games: try row.decode(column: "games", as: Int.self), wins: try row.decode(column: "wins", as: Int.self),
                    losses: try row.decode(column: "losses", as: Int.self))
            }
    }
}

/// What other capabilities may read of ratings: a player's rating and totals per game.
package enum PlayerRatings {
    package struct Totals: Sendable, Equatable {
        package var game: String
        package var rating: Int
        package var games: Int
        package var wins: Int
        package var losses: Int
    }

    package static func all(of user: String, on sql: any SQLDatabase) async throws -> [Totals] {
        try await RatingStore.all(of: user, on: sql).map {
            Totals(game: $0.game, rating: $0.rating, games: $0.games, wins: $0.wins, losses: $0.losses)
        }
    }
}
