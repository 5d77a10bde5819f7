import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import ParlorPlay
import SQLKit
import Social

/// Friend requests, friendships and blocks, each change checked by ``Relation`` and written under
/// the pair's lock; and the lists, paged.
///
/// A blocked user is never told: their requests are kept but not shown to the blocker, their
/// invitations and chat lines are not delivered, and they stop being a friend (which is all
/// that showed them the blocker's presence).
package struct FriendService: Sendable {
    let database: Database
    let bus: any EventBus
    let now: @Sendable () -> Date

    package static let maxFriends = 1000
    static let pageSizes = 1...100

    package enum List: String, Sendable {
        case friends, incoming, outgoing, blocked
    }

    package struct Listed: Sendable {
        package var user: DirectoryUser
        package var since: Int64
    }

    package func relation(of user: String, to other: String) async throws -> Relation {
        try await database.withConnection { sql in try await RelationStore.relation(of: user, to: other, on: sql) }
    }

    /// Applies `action` of `user` towards `other` (an id or a username); the relation after it.
    package func act(_ action: RelationAction, by user: String, on other: String) async throws -> (DirectoryUser, Relation) {
        let now = Int64((now().timeIntervalSince1970 * 1000).rounded())
        let (target, after) = try await bus.transaction(on: database) { sql, announcements -> (DirectoryUser, Relation) in
            guard other.count <= 64, let id = try await UserDirectory.ids(named: [other], on: sql)[other],
                let target = try await UserDirectory.users([id], on: sql)[id]
            else { throw APIError.notFound("there is no user \(other.prefix(64))") }
            guard id != user else { throw APIError.invalidField("user", "that is you") }
            try await RelationStore.lockPair(user, id, on: sql)
            let before = try await RelationStore.relation(of: user, to: id, on: sql)
            let after: Relation
            do {
                after = try before.after(action)
            } catch let refusal as RelationRefusal {
                throw Self.apiError(refusal)
            }
            if after == .friends, try await RelationStore.friendCount(of: user, on: sql) >= Self.maxFriends {
                throw APIError(.conflict, code: "too_many_friends", message: "you have \(Self.maxFriends) friends, the most allowed")
            }
            try await RelationStore.store(before, after, of: user, to: id, at: now, on: sql)
            if before == .friends || after == .friends {
                announcements.announce(SocialNotice.friendsChanged(user: user))
                announcements.announce(SocialNotice.friendsChanged(user: id))
            } else if after == .requestSent, try await RelationStore.blockers(of: user, among: [id], on: sql).isEmpty {
                // The asked user's lists changed too, unless they block the asker (who must not notice).
                announcements.announce(SocialNotice.friendsChanged(user: id))
            }
            return (target, after)
        }
        return (target, after)
    }

    /// A page of one of `user`'s lists, after the user id `after`.
    package func list(_ list: List, of user: String, after: String?, limit: Int?) async throws -> (items: [Listed], next: String?) {
        let size = limit ?? 50
        guard Self.pageSizes.contains(size) else { throw APIError.invalidField("limit", "must be 1–100") }
        try Self.checkCursor(after)
        return try await database.withConnection { sql in
            let rows = try await RelationStore.page(list, of: user, after: after, limit: size, on: sql)
            let users = try await UserDirectory.users(rows.map(\.user), on: sql)
            let items = rows.compactMap { row in users[row.user].map { Listed(user: $0, since: row.since) } }
            return (items, rows.count == size ? rows.last?.user : nil)
        }
    }

    /// A list's cursor is the last user id of the page before: 1–200 characters, as the contract says.
    static func checkCursor(_ cursor: String?) throws {
        guard let cursor else { return }
        guard (1...200).contains(cursor.count) else { throw APIError.invalidField("cursor", "is not a cursor this server gave") }
    }

    package func friendIDs(of user: String) async throws -> [String] {
        try await database.withConnection { sql in try await RelationStore.friendIDs(of: user, on: sql) }
    }

    static func apiError(_ refusal: RelationRefusal) -> APIError {
        switch refusal {
        case .yourself: APIError.invalidField("user", "that is you")
        case .nothingToAct(let message): APIError(.conflict, code: "no_such_relation", message: message)
        case .already(let message): APIError(.conflict, code: "already_done", message: message)
        case .blockingThem: APIError(.conflict, code: "blocking_user", message: "you block this user; unblock them first")
        }
    }
}

/// Play's view of blocks: whose invitations and chat lines to hold back.
package struct SocialBlockList: PlayBlocksHook {
    package init() {}

    package func blockers(of user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        try await RelationStore.blockers(of: user, among: others, on: sql)
    }

    package func blocked(by user: String, among others: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        try await RelationStore.blocked(by: user, among: others, on: sql)
    }

    package func pairs(among users: [String], on sql: any SQLDatabase) async throws -> Set<BlockedPair> {
        try await RelationStore.pairs(among: users, on: sql)
    }
}
