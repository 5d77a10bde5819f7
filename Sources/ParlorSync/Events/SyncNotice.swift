import ParlorEvents

/// Sync's notices on the bus: the user's synced stats changed, for their connections on every
/// node, so their other devices pull at once (seed 001 §3.1's subscriptions).
package enum SyncNotice: BusNotice, Equatable {
    /// `user`'s log now ends at `change`; `cleared` when the change was clearing it.
    case changed(user: String, change: Int64, cleared: Bool)

    package static let kinds = ["sync_changed"]

    package var kind: String { "sync_changed" }

    package var user: String {
        switch self {
        case .changed(let user, _, _): user
        }
    }

    package var audience: NoticeAudience { .user(user) }

    /// The change token a device compares with its own.
    package var token: String {
        switch self {
        case .changed(_, let change, _): SyncChangeToken(change: change).description
        }
    }

    package var cleared: Bool {
        switch self {
        case .changed(_, _, let cleared): cleared
        }
    }

    private enum Key: String, CodingKey {
        case kind, user, change, cleared
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self = .changed(
            user: try c.decode(String.self, forKey: .user), change: try c.decode(Int64.self, forKey: .change),
            cleared: try c.decodeIfPresent(Bool.self, forKey: .cleared) ?? false)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        guard case .changed(let user, let change, let cleared) = self else { return }
        try c.encode(kind, forKey: .kind)
        try c.encode(user, forKey: .user)
        try c.encode(change, forKey: .change)
        try c.encode(cleared, forKey: .cleared)
    }
}
