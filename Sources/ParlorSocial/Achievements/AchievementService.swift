import Foundation
import GameCore
import ParlorDatabase
import ParlorHTTP
import Social

/// The achievement catalogue and each player's progress. A hidden achievement shows only that
/// it exists (and its points) until the player unlocks it.
package struct AchievementService: Sendable {
    let database: Database
    let catalogue: SocialCatalogue

    package struct Status: Sendable {
        package var game: String
        package var definition: AchievementDefinition
        package var progress: Int64
        package var unlockedAt: Int64?
        /// Name and description shown: not hidden, or unlocked.
        package var revealed: Bool { !definition.hidden || unlockedAt != nil }
    }

    func games(_ game: String?) throws -> [String] {
        guard let game else { return catalogue.games }
        guard catalogue.achievements[game] != nil else { throw APIError.notFound("there is no game \(game.prefix(64)) with achievements") }
        return [game]
    }

    /// Every achievement of `game` (or of every game), as nobody has unlocked it.
    package func catalogue(game: String?) throws -> [Status] {
        try games(game).flatMap { game in
            (catalogue.achievements[game] ?? []).map { Status(game: game, definition: $0, progress: 0, unlockedAt: nil) }
        }
    }

    /// `user`'s standing on every achievement of `game` (or of every game).
    package func progress(of user: String, game: String?, unlockedOnly: Bool = false) async throws -> [Status] {
        let games = try games(game)
        let rows = try await database.withConnection { sql in try await AchievementStore.all(of: user, game: game, on: sql) }
        var stored: [String: AchievementStore.Row] = [:]
        for row in rows { stored["\(row.game)/\(row.key)"] = row }
        return games.flatMap { game in
            (catalogue.achievements[game] ?? []).compactMap { definition in
                let row = stored["\(game)/\(definition.key)"]
                guard !unlockedOnly || row?.unlockedAt != nil else { return nil }
                let progress = row?.progress.shown(for: definition.rule) ?? 0
                return Status(game: game, definition: definition, progress: progress, unlockedAt: row?.unlockedAt)
            }
        }
    }

    package func definition(game: String, key: String) -> AchievementDefinition? {
        catalogue.achievements[game]?.first { $0.key == key }
    }
}
