import Foundation
import GameCore
import Logging
import ParlorStore
import SQLKit

/// Quick match: players wait in `quick_match_queue` and a pairing pass (after every entry and on
/// every timer tick, on every node) groups them by rating with ``QuickMatchPairing``.
extension PlayService {
    /// Enters the queue; entering again while waiting for the same thing answers the same entry.
    func enterQuickMatch(_ user: String, game: String, players: Int, mode: GameMode) async throws -> QuickMatchRow {
        guard let engine = engines.engine(game) else {
            throw APIError.invalidFields([FieldError(field: "game", message: "unknown game \"\(game)\"; see GET /games/catalogue")])
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
            _ = try await pairQuickMatches()
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

    /// Pairs every kind somebody waits for; answers how many games it made.
    func pairQuickMatches() async throws -> Int {
        let kinds = try await database.withConnection { sql in try await QuickMatchStore.waitingKinds(on: sql) }
        var made = 0
        for kind in kinds {
            guard let mode = GameMode(rawValue: kind.mode) else { continue }
            made += try await pair(kind, mode: mode)
        }
        return made
    }

    /// Claims the groups of one kind in a transaction, then (after commit: creating a game opens
    /// its own transaction) creates each group's game and tells its players.
    private func pair(_ kind: QuickMatchRow.Kind, mode: GameMode) async throws -> Int {
        let now = self.now()
        let lock = database.dialect == .postgres
        let claims: [(claim: String, users: [String])] = try await database.transaction { sql in
            let entries = try await QuickMatchStore.waiting(kind, lock: lock, on: sql).map {
                QuickMatchEntry(id: $0.user, rating: $0.rating, enqueuedAt: Date(millis: $0.enqueuedAt))
            }
            var claims: [(claim: String, users: [String])] = []
            for group in QuickMatchPairing.groups(from: entries, size: kind.players, now: now) {
                let claim = QuickMatchRow.claimPrefix + UUID().uuidString.lowercased()
                let users = group.map(\.id)
                guard try await QuickMatchStore.claim(users, as: claim, on: sql) == users.count else {
                    throw APIError.conflict("a quick-match entry changed while pairing")
                }
                claims.append((claim, users))
            }
            return claims
        }
        var made = 0
        for (claim, users) in claims {
            guard let first = users.first else { continue }
            do {
                let game = try await create(
                    NewGame(gameID: kind.game, players: kind.players, mode: mode), by: first, members: Array(users.dropFirst()))
                try await database.withConnection { sql in try await QuickMatchStore.resolve(claim, to: PlayStore.key(game.row.id), on: sql) }
                for user in users { await bus.publish(GameNotice(kind: .matched, game: game.row.id, user: user)) }
                made += 1
            } catch {
                logger.warning("quick-match game could not be made", metadata: ["error": "\(error)", "game": "\(kind.game)"])
                try? await database.withConnection { sql in try await QuickMatchStore.resolve(claim, to: nil, on: sql) }
            }
        }
        return made
    }
}
