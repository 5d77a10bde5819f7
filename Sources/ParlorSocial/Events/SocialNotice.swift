import ParlorEvents

/// Social's notices on the bus, each for one user's connections.
package enum SocialNotice: BusNotice {
    /// `user`'s friends changed (a request accepted, a friend removed, a block): their connections
    /// reload whose presence they follow.
    case friendsChanged(user: String)
    /// `user` unlocked the achievement `key` of `game`; announced once, by the transaction that unlocked it.
    case achievementUnlocked(user: String, game: String, key: String)

    package static let kinds = ["friends_changed", "achievement_unlocked"]

    package var kind: String {
        switch self {
        case .friendsChanged: "friends_changed"
        case .achievementUnlocked: "achievement_unlocked"
        }
    }

    package var user: String {
        switch self {
        case .friendsChanged(let user), .achievementUnlocked(let user, _, _): user
        }
    }

    package var audience: NoticeAudience { .user(user) }

    private enum Key: String, CodingKey {
        case kind, user, name, key
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let user = try c.decode(String.self, forKey: .user)
        switch try c.decode(String.self, forKey: .kind) {
        case "friends_changed":
            self = .friendsChanged(user: user)
        default:
            self = .achievementUnlocked(user: user, game: try c.decode(String.self, forKey: .name), key: try c.decode(String.self, forKey: .key))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(user, forKey: .user)
        if case .achievementUnlocked(_, let game, let key) = self {
            try c.encode(game, forKey: .name)
            try c.encode(key, forKey: .key)
        }
    }
}
