import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Quick match: players wait in `quick_match_queue` and a pairing pass (after every entry and on
/// every timer tick, on every node) groups them by rating with ``QuickMatchPairing``.
package struct QuickMatchService: WorksOnGames {
    package let games: GameService

    package init(games: GameService) { self.games = games }
}

extension QuickMatchService {
    /// Enters the queue; entering again while waiting for the same thing answers the same entry.
    func enterQuickMatch(_ user: String, game: String, players: Int, mode: GameMode) async throws -> QuickMatchRow {
        guard let engine = engines.engine(game) else {
            throw APIError.invalidFields([FieldError(field: "game_type", message: "unknown game \"\(game)\"; see GET /games/catalogue")])
        }
        guard engine.policy.accepts(playerCount: players), QuickMatchPairing.sizes.contains(players) else {
            let low = max(engine.policy.minPlayers, QuickMatchPairing.sizes.lowerBound)
            let high = min(engine.policy.maxPlayers, QuickMatchPairing.sizes.upperBound)
            throw APIError.invalidFields([FieldError(field: "players", message: "quick match of \(game) takes \(low)–\(high) players")])
        }
        let kind = QuickMatchRow.Kind(game: game, players: players, mode: mode.rawValue)
        let now = millis
        try await database.transaction { sql in
            if let current = try await QuickMatchStore.entry(of: user, on: sql), current.kind == kind, current.match == nil { return }
            let rating = try await RatingStore.totals(of: user, game: game, on: sql)?.rating ?? EloRating.startingRating
            try await QuickMatchStore.enqueue(user, kind: kind, rating: rating, at: now, on: sql)
        }
        do {
            try await pairQuickMatches()
        } catch {
            logger.warning("quick-match pairing failed", metadata: ["error": "\(error)"])
        }
        return try await quickMatch(of: user)
    }

    /// The user's entry; 404 when they are not in the queue.
    func quickMatch(of user: String) async throws -> QuickMatchRow {
        guard let row = try await database.withConnection({ sql in try await QuickMatchStore.entry(of: user, on: sql) }) else {
            throw APIError.notFound("you are not waiting for a quick match")
        }
        return row
    }

    func cancelQuickMatch(_ user: String) async throws {
        try await database.withConnection { sql in try await QuickMatchStore.remove(user, on: sql) }
    }

    /// Pairs every kind somebody waits for; answers whether anybody was waiting.
    @discardableResult
    func pairQuickMatches() async throws -> Bool {
        let cutoff = millis - Int64(QuickMatchPairing.longestWait * 1000)
        try await database.withConnection { sql in try await QuickMatchStore.removeStale(before: cutoff, on: sql) }
        let kinds = try await database.withConnection { sql in try await QuickMatchStore.waitingKinds(on: sql) }
        for kind in kinds {
            guard let mode = GameMode(rawValue: kind.mode) else { continue }
            try await pair(kind, mode: mode)
        }
        return !kinds.isEmpty
    }

    /// Pairs the players waiting for one kind in one transaction: each group's game is created,
    /// its players marked matched and, when it can, the game started, all or nothing. A node
    /// that stops halfway leaves everyone waiting, never matched to a game that does not exist.
    private func pair(_ kind: QuickMatchRow.Kind, mode: GameMode) async throws {
        let request = GameService.NewGame(gameType: kind.game, players: kind.players, mode: mode)
        let engine = try games.engine(for: request)
        let now = self.now()
        let at = millis
        let games = games
        let cache = cache
        _ = try await bus.transaction(on: database) { sql, announcements -> [(game: LiveGame, started: GameService.StartedGame?)] in
            let entries = try await QuickMatchStore.waiting(kind, on: sql).map {
                QuickMatchEntry(id: $0.user, rating: $0.rating, enqueuedAt: Date(millis: $0.enqueuedAt))
            }
            var made: [(game: LiveGame, started: GameService.StartedGame?)] = []
            let blocks = try await games.hooks.blocks?.pairs(among: entries.map(\.id), on: sql) ?? []
            let apart = { (a: String, b: String) in blocks.contains(BlockedPair(blocker: a, blocked: b)) }
            let first = try await games.hooks.benefits?.prioritized(among: entries.map(\.id), game: kind.game, at: at, on: sql) ?? []
            for group in QuickMatchPairing.groups(from: entries, size: kind.players, now: now, apart: apart, prioritized: first) {
                let users = group.map(\.id)
                // No invite code: the game is full from the start.
                let row = try games.newRow(request, engine: engine, by: users[0], inviteCode: nil)
                let seats = try await PlayStore.insert(row, seating: users, on: sql)
                guard try await QuickMatchStore.match(users, to: PlayStore.key(row.id), on: sql) == users.count else {
                    throw APIError.conflict("a quick-match entry changed while pairing")
                }
                let started = try await games.start(row.id, at: at, on: sql)
                made.append((LiveGame(row: row, seats: seats, engine: engine, entries: []), started))
                if started != nil { announcements.announce(GameNotice.started(game: row.id)) }
                for user in users { announcements.announce(GameNotice.matched(game: row.id, user: user)) }
            }
            return made
        } committed: { made in
            // The engine is the one the games were made with: keeping a started one cannot fail.
            for (game, started) in made {
                if let started, (try? games.keep(started)) != nil { continue }
                cache.put(game)
            }
        }
    }
}
