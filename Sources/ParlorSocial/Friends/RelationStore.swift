import ParlorDatabase
import ParlorPlay
import SQLKit
import Social

/// SQL over `friendships` and `user_blocks`.
enum RelationStore {
    /// How `user` stands towards `other`, from `user`'s side only: a block by `other` is invisible.
    static func relation(of user: String, to other: String, on sql: any SQLDatabase) async throws -> Relation {
        let blocking = try await sql.select().column("blocker_id").from("user_blocks")
            .where("blocker_id", .equal, user).where("blocked_id", .equal, other).first()
        if blocking != nil { return .blocking }
        let rows = try await sql.select().columns("user_id", "status").from("friendships")
            .where { $0.where { $0.where("user_id", .equal, user).where("friend_id", .equal, other) }
                .orWhere { $0.where("user_id", .equal, other).where("friend_id", .equal, user) } }
            .all()
        var mine: String?
        var theirs: String?
        for row in rows {
            let status = try row.decode(column: "status", as: String.self)
            if try row.decode(column: "user_id", as: String.self) == user { mine = status } else { theirs = status }
        }
        if mine == "accepted", theirs == "accepted" { return .friends }
        if mine == "pending" { return .requestSent }
        if theirs == "pending" { return .requestReceived }
        return .none
    }

    /// Makes the rows say `after`, from `user`'s side, given they said `before`.
    static func store(_ before: Relation, _ after: Relation, of user: String, to other: String, at now: Int64, on sql: any SQLDatabase)
        async throws
    {
        switch (before, after) {
        case (_, .requestSent):
            try await insert(user, other, "pending", at: now, on: sql)
        case (_, .friends):
            try await delete(between: user, other, on: sql)
            try await insert(user, other, "accepted", at: now, on: sql)
            try await insert(other, user, "accepted", at: now, on: sql)
        case (.requestSent, .none):
            try await delete(from: user, to: other, on: sql)
        case (.requestReceived, .none):
            try await delete(from: other, to: user, on: sql)
        case (.friends, .none):
            try await delete(between: user, other, on: sql)
        case (.blocking, .none):
            try await sql.delete(from: "user_blocks").where("blocker_id", .equal, user).where("blocked_id", .equal, other).run()
        case (_, .blocking):
            // The blocker's request and the friendship go; a request the blocked user had sent
            // stays (they must not notice), hidden from the blocker while the block lasts.
            try await delete(from: user, to: other, on: sql)
            try await sql.delete(from: "friendships").where("user_id", .equal, other).where("friend_id", .equal, user)
                .where("status", .equal, "accepted").run()
            try await sql.insert(into: "user_blocks").columns("blocker_id", "blocked_id", "created_at")
                .values(SQLBind(user), SQLBind(other), SQLBind(now)).ignoringConflicts(with: ["blocker_id", "blocked_id"]).run()
        default:
            break
        }
    }

    private static func insert(_ user: String, _ other: String, _ status: String, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "friendships").columns("user_id", "friend_id", "status", "created_at")
            .values(SQLBind(user), SQLBind(other), SQLBind(status), SQLBind(now))
            .onConflict(with: ["user_id", "friend_id"]) { $0.set(excludedValueOf: "status").set(excludedValueOf: "created_at") }.run()
    }

    private static func delete(from user: String, to other: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "friendships").where("user_id", .equal, user).where("friend_id", .equal, other).run()
    }

    private static func delete(between user: String, _ other: String, on sql: any SQLDatabase) async throws {
        try await delete(from: user, to: other, on: sql)
        try await delete(from: other, to: user, on: sql)
    }

    /// Serialises changes to one pair of users across transactions (PostgreSQL; SQLite has one writer).
    static func lockPair(_ a: String, _ b: String, on sql: any SQLDatabase) async throws {
        guard sql.dialect.name != "sqlite" else { return }
        let pair = min(a, b) + "/" + max(a, b)
        try await sql.raw("SELECT pg_advisory_xact_lock(hashtextextended(\(bind: pair), 0))").run()
    }

    static func friendCount(of user: String, on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM friendships WHERE user_id = \(bind: user) AND status = 'accepted'").first()?
            .decode(column: "n", as: Int.self) ?? 0
    }

    /// Every friend of `user` (at most ``FriendService/maxFriends``).
    static func friendIDs(of user: String, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.select().column("friend_id").from("friendships").where("user_id", .equal, user).where("status", .equal, "accepted")
            .orderBy("friend_id").all().map { try $0.decode(column: "friend_id", as: String.self) }
    }

    struct Listed: Sendable {
        var user: String
        var since: Int64
    }

    /// A page of `user`'s friends, or requests to or from them, in id order after `after`.
    static func page(_ list: FriendService.List, of user: String, after: String?, limit: Int, on sql: any SQLDatabase) async throws -> [Listed] {
        let query: SQLQueryString
        let after = after ?? ""
        switch list {
        case .friends:
            query = """
                SELECT friend_id AS other, created_at FROM friendships WHERE user_id = \(bind: user) AND status = 'accepted'
                AND friend_id > \(bind: after) ORDER BY friend_id LIMIT \(unsafeRaw: String(limit))
                """
        case .outgoing:
            query = """
                SELECT friend_id AS other, created_at FROM friendships WHERE user_id = \(bind: user) AND status = 'pending'
                AND friend_id > \(bind: after) ORDER BY friend_id LIMIT \(unsafeRaw: String(limit))
                """
        case .incoming:
            query = """
                SELECT f.user_id AS other, f.created_at FROM friendships f WHERE f.friend_id = \(bind: user) AND f.status = 'pending'
                AND f.user_id > \(bind: after) AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = \(bind: user) AND b.blocked_id = f.user_id)
                ORDER BY f.user_id LIMIT \(unsafeRaw: String(limit))
                """
        case .blocked:
            query = """
                SELECT blocked_id AS other, created_at FROM user_blocks WHERE blocker_id = \(bind: user)
                AND blocked_id > \(bind: after) ORDER BY blocked_id LIMIT \(unsafeRaw: String(limit))
                """
        }
        return try await sql.raw(query).all().map {
            Listed(user: try $0.decode(column: "other", as: String.self), since: try $0.decode(column: "created_at", as: Int64.self))
        }
    }

    static func blockers(of user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        guard !others.isEmpty else { return [] }
        return Set(try await sql.select().column("blocker_id").from("user_blocks").where("blocked_id", .equal, user)
            .where("blocker_id", .in, others).all().map { try $0.decode(column: "blocker_id", as: String.self) })
    }

    static func blocked(by user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        guard !others.isEmpty else { return [] }
        return Set(try await sql.select().column("blocked_id").from("user_blocks").where("blocker_id", .equal, user)
            .where("blocked_id", .in, others).all().map { try $0.decode(column: "blocked_id", as: String.self) })
    }

    static func pairs(among users: [String], on sql: any SQLDatabase) async throws -> Set<BlockedPair> {
        guard users.count > 1 else { return [] }
        let rows = try await sql.select().columns("blocker_id", "blocked_id").from("user_blocks")
            .where("blocker_id", .in, users).where("blocked_id", .in, users).all()
        return Set(try rows.map {
            BlockedPair(blocker: try $0.decode(column: "blocker_id", as: String.self), blocked: try $0.decode(column: "blocked_id", as: String.self))
        })
    }

    /// Forgets everything between `user` and anyone.
    static func erase(_ user: String, on sql: any SQLDatabase) async throws -> [String] {
        let friends = try await friendIDs(of: user, on: sql)
        try await sql.delete(from: "friendships").where { $0.where("user_id", .equal, user).orWhere("friend_id", .equal, user) }.run()
        try await sql.delete(from: "user_blocks").where { $0.where("blocker_id", .equal, user).orWhere("blocked_id", .equal, user) }.run()
        return friends
    }
}
