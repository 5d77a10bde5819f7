import Foundation
import GameCore
import ParlorDatabase
@testable import ParlorSocial
import ParlorTestSupport
import ServerTestSupport
import Social
import SQLKit
import Testing

/// The histogram the ranks are read from always agrees with a plain count over the entries:
/// after random batches of writes, score changes across buckets, negative scores and erasures, on both orders,
/// and the counts per score list exactly the scores held.
@Suite struct LeaderboardStoreTests {
    static func board(_ order: LeaderboardOrder) -> SocialCatalogue.Board {
        SocialCatalogue.Board(
            id: "test.\(order.rawValue)", game: "test",
            definition: LeaderboardDefinition(metric: order.rawValue, name: "Test", statistic: "x", aggregation: .latest, order: order))
    }

    @Test(arguments: TestDatabaseKind.available)
    func ranksAgreeWithACountOverTheEntries(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: true) { database in
            var random = GameRandom(seed: GameSeed(42), stream: 0)
            var truth: [String: [String: Int64]] = [:]
            for order in LeaderboardOrder.allCases {
                let board = Self.board(order)
                for step in 0..<600 {
                    let user = "u\(random.nextInt(below: 120))"
                    if step % 97 == 96 {
                        try await database.transaction { sql in try await LeaderboardStore.erase(user, on: sql) }
                        for key in truth.keys { truth[key]?[user] = nil }
                        continue
                    }
                    // One to three results per transaction, as a finished game writes them, one
                    // user sometimes twice (the last counts: `.latest`). Scores from -3,000 to
                    // 3,000: several buckets, both signs, many ties.
                    var changes: [LeaderboardStore.Change] = []
                    for index in 0...random.nextInt(below: 3) {
                        let who = index == 0 || random.nextInt(below: 3) == 0 ? user : "u\(random.nextInt(below: 120))"
                        let score = Int64(random.nextInt(below: 6001) - 3000)
                        changes.append(.init(board: board, period: "all", user: who, value: score))
                        truth[board.id, default: [:]][who] = score
                    }
                    let written = changes
                    try await database.transaction { sql in
                        let moves = try await LeaderboardStore.write(written, at: 0, on: sql)
                        try await LeaderboardStore.applyCounts(moves, on: sql)
                    }
                }
            }
            let final = truth
            try await database.withConnection { sql in
                for order in LeaderboardOrder.allCases {
                    let board = Self.board(order)
                    let scores = Array((final[board.id] ?? [:]).values)
                    #expect(try await LeaderboardStore.total(board: board.id, period: "all", on: sql) == scores.count)
                    for probe in scores + [-3001, 3001, 0, 1023, 1024, -1024, -1025] {
                        let expected = scores.filter { order.isBetter($0, than: probe) }.count
                        let got = try await LeaderboardStore.better(than: probe, board: board.id, period: "all", order: order, on: sql)
                        #expect(got == expected, "\(order) \(probe)")
                    }
                    // Rows a decrease emptied stay in the table but are never read as scores.
                    let counts = try await LeaderboardStore.counts(between: -3001, and: 3001, board: board.id, period: "all", on: sql)
                    #expect(counts == Dictionary(grouping: scores, by: { $0 }).mapValues(\.count), "\(order)")
                }
            }
        }
    }
}
