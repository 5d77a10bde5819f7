import ParlorEvents

/// Accounts' notices on the bus: sessions that ended, so every node closes the connections
/// they had opened (a socket is authenticated once, when it opens).
package enum AccountNotice: BusNotice {
    /// `user`'s account was deleted: every connection of theirs is closed.
    case closed(user: String)
    /// One session of `user` ended (a sign-out): its connections are closed.
    case signedOut(user: String, session: String)
    /// Every session of `user` but `keeping` ended (signed out everywhere, a password changed or
    /// reset): their connections are closed.
    case signedOutEverywhere(user: String, keeping: String?)

    package static let kinds = ["account_closed", "signed_out"]

    package var kind: String {
        switch self {
        case .closed: "account_closed"
        case .signedOut, .signedOutEverywhere: "signed_out"
        }
    }

    package var user: String {
        switch self {
        case .closed(let user), .signedOut(let user, _), .signedOutEverywhere(let user, _): user
        }
    }

    package var audience: NoticeAudience { .user(user) }

    /// Whether a connection authenticated under `session` is to be closed.
    package func ends(session: String) -> Bool {
        switch self {
        case .closed: true
        case .signedOut(_, let ended): session == ended
        case .signedOutEverywhere(_, let keeping): session != keeping
        }
    }

    private enum Key: String, CodingKey {
        case kind, user, session, keeping
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let user = try c.decode(String.self, forKey: .user)
        if try c.decode(String.self, forKey: .kind) == "account_closed" {
            self = .closed(user: user)
        } else if let session = try c.decodeIfPresent(String.self, forKey: .session) {
            self = .signedOut(user: user, session: session)
        } else {
            self = .signedOutEverywhere(user: user, keeping: try c.decodeIfPresent(String.self, forKey: .keeping))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(user, forKey: .user)
        switch self {
        case .closed: break
        case .signedOut(_, let session): try c.encode(session, forKey: .session)
        case .signedOutEverywhere(_, let keeping): try c.encodeIfPresent(keeping, forKey: .keeping)
        }
    }
}
