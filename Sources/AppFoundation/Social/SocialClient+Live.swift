import Foundation
import ParlorAPI
import ParlorClient

extension SocialClient {
    /// Over `client`: the contract's social routes, and a real-time connection for presence.
    public static func live(_ client: ParlorClient) -> SocialClient {
        let api = client.api
        return SocialClient(
            leaderboards: { game throws(ParlorError) in
                try await parlorCall { try await api.listLeaderboards().ok.body.json }.leaderboards
                    .filter { $0.game == game }.map(Leaderboard.init)
            },
            top: { board, period, cursor, limit throws(ParlorError) in
                let page = try await parlorCall {
                    try await api.getLeaderboard(path: .init(boardID: board), query: .init(period: .init(period), cursor: cursor, limit: limit)).ok.body.json
                }
                return LeaderboardPage(entries: page.entries.map(LeaderboardEntry.init), total: page.total, next: page.next)
            },
            aroundMe: { board, period, radius throws(ParlorError) in
                LeaderboardWindow(try await parlorCall {
                    try await api.getLeaderboardAroundMe(path: .init(boardID: board), query: .init(period: .init(period), radius: radius)).ok.body.json
                })
            },
            friendsBoard: { board, period throws(ParlorError) in
                LeaderboardWindow(try await parlorCall {
                    try await api.getFriendsLeaderboard(path: .init(boardID: board), query: .init(period: .init(period))).ok.body.json
                })
            },
            achievements: { game throws(ParlorError) in
                try await parlorCall { try await api.listMyAchievements(query: .init(game: game)).ok.body.json }.achievements.map(Achievement.init)
            },
            friends: { () async throws(ParlorError) -> [Friend] in
                try await pages { cursor in
                    let page = try await api.listFriends(query: .init(cursor: cursor, limit: pageSize)).ok.body.json
                    return (page.friends.map(Friend.init), page.next)
                }
            },
            incomingRequests: { () async throws(ParlorError) -> [ListedUser] in
                try await pages { cursor in
                    let page = try await api.listFriendRequests(query: .init(direction: .incoming, cursor: cursor, limit: pageSize)).ok.body.json
                    return (page.users.map(ListedUser.init), page.next)
                }
            },
            outgoingRequests: { () async throws(ParlorError) -> [ListedUser] in
                try await pages { cursor in
                    let page = try await api.listFriendRequests(query: .init(direction: .outgoing, cursor: cursor, limit: pageSize)).ok.body.json
                    return (page.users.map(ListedUser.init), page.next)
                }
            },
            blocked: { () async throws(ParlorError) -> [ListedUser] in
                try await pages { cursor in
                    let page = try await api.listBlocks(query: .init(cursor: cursor, limit: pageSize)).ok.body.json
                    return (page.users.map(ListedUser.init), page.next)
                }
            },
            search: { prefix throws(ParlorError) in
                try await parlorCall { try await api.searchUsers(query: .init(prefix: prefix, limit: 20)).ok.body.json }.users.map(SocialUser.init)
            },
            act: { action, user throws(ParlorError) in
                let state = try await parlorCall { () -> Components.Schemas.RelationState in
                    switch action {
                    case .request: return try await api.sendFriendRequest(body: .json(.init(user: user))).ok.body.json
                    case .accept: return try await api.acceptFriendRequest(path: .init(userID: user)).ok.body.json
                    case .decline: return try await api.declineFriendRequest(path: .init(userID: user)).ok.body.json
                    case .cancel: return try await api.cancelFriendRequest(path: .init(userID: user)).ok.body.json
                    case .remove: return try await api.removeFriend(path: .init(userID: user)).ok.body.json
                    case .block: return try await api.blockUser(path: .init(userID: user)).ok.body.json
                    case .unblock: return try await api.unblockUser(path: .init(userID: user)).ok.body.json
                    }
                }
                return (SocialUser(state.user), UserRelation(state.relation))
            },
            invite: { game, users throws(ParlorError) in
                _ = try await parlorCall {
                    try await api.inviteToGame(path: .init(gameID: game.uuidString.lowercased()), body: .json(.init(users: users))).created.body.json
                }
            },
            events: { presenceEvents(client) })
    }

    /// The most a list route answers at once.
    private static let pageSize = 100
    /// Lists are read whole, but never more than this many pages (a friend list is capped far below).
    private static let maxPages = 20

    /// Every page of a list, cursor after cursor.
    private static func pages<Item>(_ read: (String?) async throws -> ([Item], String?)) async throws(ParlorError) -> [Item] {
        var items: [Item] = []
        var cursor: String?
        for _ in 0..<maxPages {
            let (page, next) = try await parlorCall { try await read(cursor) }
            items += page
            guard let next else { break }
            cursor = next
        }
        return items
    }

    /// Friends' presence and list changes from a real-time connection of the client's own,
    /// closed when the consumer stops listening.
    private static func presenceEvents(_ client: ParlorClient) -> AsyncStream<SocialEvent> {
        AsyncStream { continuation in
            let task = Task {
                guard let realtime = await client.realtime() else { return continuation.finish() }
                for await event in await realtime.userEvents() {
                    switch event {
                    case .friendPresence(let presence):
                        let games = presence.games.map { (type: $0.gameType, id: Optional($0.gameId)) }
                        continuation.yield(.presence(userID: presence.user, FriendPresence(online: presence.online, games: games)))
                    case .friendsChanged:
                        continuation.yield(.friendsChanged)
                    default:
                        continue
                    }
                    if Task.isCancelled { break }
                }
                await realtime.connection.close()
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension FriendPresence {
    /// What the server's presence says; offline without a date (only this device knows when it heard).
    init(online: Bool, games: [(type: String, id: UUID?)]) {
        if let game = games.first {
            self = .playing(gameType: game.type, gameID: game.id)
        } else {
            self = online ? .online : .offline(lastSeen: nil)
        }
    }
}

extension Components.Parameters.BoardPeriod {
    init(_ period: LeaderboardPeriod) {
        switch period {
        case .allTime: self = .allTime
        case .monthly: self = .monthly
        case .weekly: self = .weekly
        case .daily: self = .daily
        }
    }
}

extension Leaderboard {
    init(_ board: Components.Schemas.Leaderboard) {
        self.init(
            id: board.id, game: board.game, name: board.name, lowerIsBetter: board.order == .lower,
            periods: board.periods.compactMap { LeaderboardPeriod(rawValue: $0.rawValue) })
    }
}

extension LeaderboardEntry {
    init(_ entry: Components.Schemas.LeaderboardEntry) {
        self.init(rank: entry.rank, user: SocialUser(entry.user), score: entry.score)
    }
}

extension LeaderboardWindow {
    init(_ window: Components.Schemas.LeaderboardWindow) {
        self.init(me: window.me.map(LeaderboardEntry.init), entries: window.entries.map(LeaderboardEntry.init))
    }
}

extension Achievement {
    init(_ achievement: Components.Schemas.Achievement) {
        self.init(
            key: achievement.key, name: achievement.name, detail: achievement.description, points: achievement.points,
            category: achievement.category, hidden: achievement.hidden, target: achievement.target, progress: achievement.progress,
            unlockedAt: achievement.unlockedAt)
    }
}

extension SocialUser {
    init(_ user: Components.Schemas.UserSummary) {
        self.init(id: user.id, username: user.username, displayName: user.displayName)
    }
}

extension ListedUser {
    init(_ listed: Components.Schemas.ListedUser) {
        self.init(user: SocialUser(listed.user), since: listed.since)
    }
}

extension Friend {
    init(_ friend: Components.Schemas.Friend) {
        let games = friend.presence.games.map { (type: $0.gameType, id: UUID(uuidString: $0.gameId)) }
        self.init(user: SocialUser(friend.user), since: friend.since, presence: FriendPresence(online: friend.presence.online, games: games))
    }
}

extension UserRelation {
    init(_ relation: Components.Schemas.RelationState.RelationPayload) {
        switch relation {
        case .none: self = .none
        case .requestSent: self = .requestSent
        case .requestReceived: self = .requestReceived
        case .friends: self = .friends
        case .blocking: self = .blocking
        }
    }
}
