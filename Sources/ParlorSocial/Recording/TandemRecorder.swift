import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorPlay
import ParlorSync
import SQLKit
import StatsSync

/// Tandem's uploads as results: each upload that changes the player's projected figures scores
/// on Tandem's boards and moves its achievements, in the upload's own transaction.
package struct TandemRecorder: SyncedEventsHook {
    let results: ResultRecorder
    let now: @Sendable () -> Date
    let logger: Logger

    package init(results: ResultRecorder, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.results = results
        self.now = now
        self.logger = logger
    }

    package func record(_ added: [StatsEvent], after prior: [StatsEvent], of user: String, on sql: any SQLDatabase) async throws -> [Notice] {
        guard added.contains(where: { if case .settingChanged = $0.payload { false } else { true } }) else { return [] }
        let millis = Int64((now().timeIntervalSince1970 * 1000).rounded())
        let tomorrow = PuzzleDate(unixMillis: millis).adding(days: 1)
        guard let statistics = TandemSocial.statistics(adding: added, to: prior, latestDay: tomorrow) else { return [] }
        // Sane bounds: a streak longer than the games played, or an upload adding more games than
        // an upload may hold, is not a result; it is logged and scores nothing.
        let streak = statistics[TandemSocial.Statistic.bestStreak] ?? 0
        let played = (statistics[TandemSocial.Statistic.played] ?? 0)
        guard streak >= 0, played <= added.count, (statistics[TandemSocial.Statistic.currentStreak] ?? 0) <= streak else {
            logger.warning("tandem statistics out of bounds; not scored", metadata: ["user": "\(user)", "statistics": "\(statistics)"])
            return []
        }
        return try await results.record([(user, statistics)], game: TandemSocial.game, at: millis, on: sql)
    }
}
