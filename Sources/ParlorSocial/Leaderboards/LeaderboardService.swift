import Foundation
import GameCore
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit
import Social

/// Reads leaderboards: top N, a player with the entries around them, and friends only, for any
/// period key. Everything is read from the database at the time of asking, so every node
/// answers the same the moment a score is written.
package struct LeaderboardService: Sendable {
    let database: Database
    let catalogue: SocialCatalogue
    let friends: FriendService
    let now: @Sendable () -> Date

    package struct Ranked: Sendable {
        package var rank: Int
        package var user: DirectoryUser
        package var score: Int64
    }

    package struct Span: Sendable {
        package var board: SocialCatalogue.Board
        package var period: LeaderboardPeriod
        package var key: String
    }

    static let pageSizes = 1...100
    static let radii = 0...25

    /// The board and period a request names; the current span when no key is given.
    package func span(board id: String, period: String?, key: String?) throws -> Span {
        guard let board = catalogue.board(id) else { throw APIError.notFound("there is no leaderboard \(id.prefix(64))") }
        let period = try period.map { name in
            guard let period = LeaderboardPeriod(rawValue: name) else {
                throw APIError.invalidField("period", "must be one of all_time, monthly, weekly, daily")
            }
            return period
        } ?? .allTime
        guard board.definition.periods.contains(period) else {
            throw APIError.invalidField("period", "\(board.id) is not kept \(period.rawValue)")
        }
        let chosen = key ?? period.key(at: Int64((now().timeIntervalSince1970 * 1000).rounded()))
        guard period.isKey(chosen) else { throw APIError.invalidField("key", "'\(chosen.prefix(16))' names no \(period.rawValue) period") }
        return Span(board: board, period: period, key: chosen)
    }

    /// The top of the board after `cursor` (a previous page's `next`).
    package func top(_ span: Span, cursor: String?, limit: Int?) async throws -> (entries: [Ranked], next: String?, total: Int) {
        let size = limit ?? 100
        guard Self.pageSizes.contains(size) else { throw APIError.invalidField("limit", "must be 1–100") }
        let after = try cursor.map(Self.decodeCursor)
        let order = span.board.definition.order
        return try await database.withConnection { sql in
            let page = try await LeaderboardStore.page(
                board: span.board.id, period: span.key, order: order, after: after, limit: size, on: sql)
            let ranked = try await Self.ranked(page, span: span, on: sql)
            let total = try await LeaderboardStore.total(board: span.board.id, period: span.key, on: sql)
            let next = page.count == size ? page.last.map(Self.encodeCursor) : nil
            return (ranked, next, total)
        }
    }

    /// `user`'s entry with up to `radius` entries each side; nil entry when they have none.
    package func around(_ user: String, _ span: Span, radius: Int?) async throws -> (me: Ranked?, entries: [Ranked]) {
        let radius = radius ?? 5
        guard Self.radii.contains(radius) else { throw APIError.invalidField("radius", "must be 0–25") }
        let order = span.board.definition.order
        let flipped: LeaderboardOrder = order == .higherIsBetter ? .lowerIsBetter : .higherIsBetter
        return try await database.withConnection { sql in
            guard let mine = try await LeaderboardStore.entry(of: user, board: span.board.id, period: span.key, on: sql) else {
                return (nil, [])
            }
            let above = try await LeaderboardStore.above(mine, board: span.board.id, period: span.key, order: order, limit: radius, on: sql)
            let below = try await LeaderboardStore.above(mine, board: span.board.id, period: span.key, order: flipped, limit: radius, on: sql)
            let window = above.reversed() + [mine] + below
            let ranked = try await Self.ranked(Array(window), span: span, on: sql)
            return (ranked.first { $0.user.id == user }, ranked)
        }
    }

    /// `user` and their friends, ranked among themselves.
    package func friendsOnly(_ user: String, _ span: Span) async throws -> [Ranked] {
        try await database.withConnection { sql in
            let ids = try await RelationStore.friendIDs(of: user, on: sql) + [user]
            let entries = try await LeaderboardStore.entries(of: ids, board: span.board.id, period: span.key, on: sql)
            let order = span.board.definition.order
            let sorted = entries.sorted { a, b in
                a.score != b.score ? order.isBetter(a.score, than: b.score) : a.user < b.user
            }
            let ranks = CompetitionRanks.ranks(of: sorted.map(\.score), better: 0)
            let users = try await UserDirectory.users(sorted.map(\.user), on: sql)
            return sorted.indices.compactMap { index in
                users[sorted[index].user].map { Ranked(rank: ranks[index], user: $0, score: sorted[index].score) }
            }
        }
    }

    /// Ranks a contiguous run of the board: the first score's rank from the histogram above it,
    /// each later distinct score's from the counts of the scores before it.
    private static func ranked(_ run: [LeaderboardStore.Entry], span: Span, on sql: any SQLDatabase) async throws -> [Ranked] {
        guard let first = run.first, let last = run.last else { return [] }
        let order = span.board.definition.order
        let better = try await LeaderboardStore.better(than: first.score, board: span.board.id, period: span.key, order: order, on: sql)
        let counts = try await LeaderboardStore.counts(between: first.score, and: last.score, board: span.board.id, period: span.key, on: sql)
        var rankOf: [Int64: Int] = [:]
        var rank = better + 1
        for score in counts.keys.sorted(by: { order.isBetter($0, than: $1) }) {
            rankOf[score] = rank
            rank += counts[score] ?? 0
        }
        let users = try await UserDirectory.users(run.map(\.user), on: sql)
        return run.compactMap { entry in
            // A deleted user's entries are erased with the account; one caught mid-erasure is left out.
            guard let user = users[entry.user], let rank = rankOf[entry.score] else { return nil }
            return Ranked(rank: rank, user: user, score: entry.score)
        }
    }

    static func encodeCursor(_ entry: LeaderboardStore.Entry) -> String {
        Data("\(entry.score)|\(entry.user)".utf8).base64EncodedString()
    }

    static func decodeCursor(_ cursor: String) throws -> LeaderboardStore.Entry {
        guard cursor.count <= 200, let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
            let bar = text.firstIndex(of: "|"), let score = Int64(text[..<bar]), !text[text.index(after: bar)...].isEmpty
        else { throw APIError.invalidField("cursor", "is not a cursor this server gave") }
        return LeaderboardStore.Entry(user: String(text[text.index(after: bar)...]), score: score)
    }
}
