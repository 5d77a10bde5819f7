import Foundation

/// A change one capability announces to every node: a move, a draft pick, a friend request.
///
/// Each capability declares its own notices (Play's `GameNotice`, TopDog's `DraftNotice`, Social's
/// `SocialNotice`, Accounts' `AccountNotice`) and reads the ones it receives with ``Notice/as(_:)``;
/// the bus only carries them. A notice carries no hidden information: receivers render each
/// user's own view from stored state. On PostgreSQL it is a `NOTIFY` payload, so it stays far
/// below 8,000 bytes.
package protocol BusNotice: Codable, Sendable, Equatable {
    /// Every `kind` this type writes; the catalog reads a payload of one of them back as this type.
    static var kinds: [String] { get }
    /// The notice's kind, as logs and the payload name it (one JSON object tagged `kind`).
    var kind: String { get }
    /// Which of a node's connections it concerns.
    var audience: NoticeAudience { get }
    /// A payload other than the JSON object, for a notice so frequent that decoding JSON costs
    /// (a move); nil for JSON. It must not start with `{`.
    var compactPayload: String? { get }
    /// The notice `payload` holds when it is in this type's compact form; nil when it is not.
    static func notice(compactPayload payload: String) throws -> Self?
    /// A smaller notice that still does the job, for one whose payload is over `limit` bytes;
    /// `size` measures a candidate's payload. Nil when there is none (the notice is then dropped).
    func fitted(within limit: Int, size: (Self) -> Int?) -> Self?
}

extension BusNotice {
    package var compactPayload: String? { nil }
    package static func notice(compactPayload payload: String) throws -> Self? { nil }
    package func fitted(within limit: Int, size: (Self) -> Int?) -> Self? { nil }
}

/// Whose connections on a node a notice is for.
package enum NoticeAudience: Hashable, Sendable {
    /// Connections subscribed to a game or a draft room.
    case subscribers(of: UUID)
    /// Every connection of one user, subscribed or not.
    case user(String)
    /// Connections following `user`'s presence (their friends').
    case followers(of: String)
    /// No connection: only the node's own services listen (timers, caches).
    case services
}

/// Any capability's notice, as the bus carries it.
package struct Notice: Sendable, Equatable, CustomStringConvertible {
    package let value: any BusNotice

    package init(_ value: some BusNotice) {
        self.value = value
    }

    /// The notice as `type`, when it is one.
    package func `as`<Value: BusNotice>(_ type: Value.Type) -> Value? {
        value as? Value
    }

    package var kind: String { value.kind }
    package var audience: NoticeAudience { value.audience }

    /// The game, room or user it is about, for logs.
    package var subject: String {
        switch audience {
        case .subscribers(let id): id.uuidString.lowercased()
        case .user(let user), .followers(let user): user
        case .services: "-"
        }
    }

    package var description: String { "\(value)" }

    package static func == (lhs: Notice, rhs: Notice) -> Bool {
        lhs.value.isEqual(to: rhs.value)
    }
}

extension BusNotice {
    fileprivate func isEqual(to other: any BusNotice) -> Bool {
        (other as? Self) == self
    }
}
