import Foundation

/// What an invite code in a link may be: letters and digits, 4 to 16 of them, read in any case
/// and written upper-case. The server's codes are a stricter subset (six characters without
/// look-alikes); a link takes any plausible code and leaves the lookup to say whether it exists.
public enum InviteCodeRule {
    /// The code upper-cased; nil when `text` cannot be an invite code.
    public static func normalise(_ text: String) -> String? {
        guard (4...16).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return text.uppercased()
    }

    static func refusal(_ text: String) -> ParlorLinkRefusal {
        ParlorLinkRefusal(reason: "'\(text)' is not an invite code")
    }
}

/// Ids in links: UUIDs, read in any case, written lower-case.
public enum LinkID {
    public static func parse(_ text: String) -> UUID? {
        // Foundation also reads some text that is not 36 characters of hex and dashes; a link does not.
        guard text.count == 36, text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return UUID(uuidString: text)
    }

    static func refusal(_ text: String, _ what: String) -> ParlorLinkRefusal {
        ParlorLinkRefusal(reason: "'\(text)' is not a \(what) id")
    }
}

/// The apps the shared links open, each with its custom URL scheme and the links it takes.
public enum LinkApp: String, CaseIterable, Sendable {
    case quortex
    /// OneForTheBoys: party games through the server.
    case party
    case topdog

    public var scheme: String {
        switch self {
        case .quortex: "quortex"
        case .party: "oneforboys"
        case .topdog: "topdog"
        }
    }

    /// The shared links this app opens, so its `apple-app-site-association` entry names them.
    public var kinds: [ParlorLink.Kind] {
        switch self {
        case .quortex: [.invite, .replay]
        case .party: [.invite]
        case .topdog: [.tournament]
        }
    }

    /// The app an invite to a game of `gameType` opens: Quortex for its own games, the party app for the rest.
    public static func forInvite(gameType: String) -> LinkApp {
        gameType == "quortex" ? .quortex : .party
    }
}
