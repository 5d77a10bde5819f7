import Foundation

/// ParlorLinks: the one definition of the links that open the apps, which the server's link pages
/// (and its `apple-app-site-association`) and the apps' ``DeepLinkRouter`` both use.
///
/// Three shared paths, the same after the server's public host (a universal link) and after an
/// app's custom scheme (`quortex://i/K7Q2PX`):
/// - `/i/{code}`: a Quortex or party invite code;
/// - `/t/{tournament}`: a TopDog tournament;
/// - `/r/{game}`: a finished game's replay.
///
/// Nothing here knows the server or the apps: building a URL and parsing a path back, with the
/// rules for a code and an id in one place. No package dependencies.
public enum ParlorLink: Hashable, Sendable {
    case invite(code: String)
    case tournament(UUID)
    case replay(UUID)

    /// The first path segment of each link.
    public enum Kind: String, CaseIterable, Sendable {
        case invite = "i"
        case tournament = "t"
        case replay = "r"

        /// The pattern of this kind's paths in an `apple-app-site-association` component (`/i/*`).
        public var pathPattern: String { "/\(rawValue)/*" }
    }

    public var kind: Kind {
        switch self {
        case .invite: .invite
        case .tournament: .tournament
        case .replay: .replay
        }
    }

    /// The link's one value as the path writes it: the upper-case code, or the lower-case id.
    public var value: String {
        switch self {
        case .invite(let code): code
        case .tournament(let id), .replay(let id): id.uuidString.lowercased()
        }
    }

    /// `/i/K7Q2PX`.
    public var path: String { "/\(kind.rawValue)/\(value)" }

    /// The universal link under `base` (the server's public URL; a path prefix in it is kept).
    public func url(base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path) ?? base
    }

    /// The same place through an app's custom scheme: `quortex://i/K7Q2PX`.
    public func appURL(scheme: String) -> URL? {
        URL(string: "\(scheme):/" + path)
    }

    /// The link a path names (`/i/k7q2px`, or its segments after a custom scheme's host), the
    /// code upper-cased; nil when the path is not one of the shared ones at all, a refusal with the
    /// reason when it is one with a bad value.
    public static func parse(path: String) -> Result<ParlorLink, ParlorLinkRefusal>? {
        parse(segments: path.split(separator: "/").map(String.init))
    }

    public static func parse(segments: [String]) -> Result<ParlorLink, ParlorLinkRefusal>? {
        guard let first = segments.first, let kind = Kind(rawValue: first) else { return nil }
        guard segments.count == 2 else { return .failure(ParlorLinkRefusal(reason: "no page '/\(segments.joined(separator: "/"))'")) }
        let text = segments[1]
        switch kind {
        case .invite:
            return InviteCodeRule.normalise(text).map { .success(.invite(code: $0)) } ?? .failure(InviteCodeRule.refusal(text))
        case .tournament:
            return LinkID.parse(text).map { .success(.tournament($0)) } ?? .failure(LinkID.refusal(text, "tournament"))
        case .replay:
            return LinkID.parse(text).map { .success(.replay($0)) } ?? .failure(LinkID.refusal(text, "game"))
        }
    }
}

/// Why a path that looks like a shared link is not one.
public struct ParlorLinkRefusal: Error, Equatable, Sendable {
    public let reason: String

    public init(reason: String) { self.reason = reason }
}
