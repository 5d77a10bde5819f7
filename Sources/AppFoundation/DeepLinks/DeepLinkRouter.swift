import Foundation
import ParlorLinks

/// Turns a link into a ``DeepLink`` for one app: its custom scheme and its universal-link domain,
/// plus the account links every app takes and the links the Parlor server's pages make
/// (``ParlorLink``: `/i/{code}`, `/t/{tournament}`, `/r/{game}`). Anything else is refused with the
/// reason, never guessed at: a link is input from outside the app.
public struct DeepLinkRouter: Sendable {
    public let product: AppBrand.Product
    /// Further universal-link hosts the app is associated with: the Parlor server's public host,
    /// whose `apple-app-site-association` names the app (from the app's configuration).
    public let linkHosts: Set<String>

    public init(product: AppBrand.Product, linkHosts: [String] = []) {
        self.product = product
        self.linkHosts = Set(linkHosts.map { $0.lowercased() })
    }

    /// The app's custom URL scheme.
    public var scheme: String {
        switch product {
        case .quortex: LinkApp.quortex.scheme
        case .oneForTheBoys: LinkApp.party.scheme
        case .topDog: LinkApp.topdog.scheme
        case .tandem: "tandem"
        case .pubGames: "pubgames"
        }
    }

    /// The universal-link domain (the app's associated domain, `applinks:` + this).
    public var domain: String {
        switch product {
        case .quortex: "quortex.com"
        case .oneForTheBoys: "oneforboys.app"
        case .topDog: "topdog.dog"
        case .tandem: "tandemdaily.app"
        case .pubGames: "pubgames.app"
        }
    }

    /// The universal link to share for `link`, on this app's domain: the server's link page for
    /// someone without the app, the app itself for someone with it.
    public func universalLink(_ link: ParlorLink) -> URL {
        link.url(base: URL(string: "https://\(domain)") ?? URL(fileURLWithPath: "/"))
    }

    public func route(_ url: URL) -> Result<DeepLink, DeepLinkRefusal> {
        let text = url.absoluteString
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let scheme = components.scheme?.lowercased() else {
            return .failure(DeepLinkRefusal(url: text, reason: "not a link"))
        }
        let segments: [String]
        if scheme == self.scheme {
            // `quortex://game/ID`: the host is the first segment.
            segments = ([components.host ?? ""] + components.path.split(separator: "/").map(String.init)).filter { !$0.isEmpty }
        } else if scheme == "https", let host = components.host?.lowercased(), host == domain || host == "www." + domain || linkHosts.contains(host) {
            segments = components.path.split(separator: "/").map(String.init)
        } else {
            return .failure(DeepLinkRefusal(url: text, reason: "not a \(AppBrand.of(product).name) link"))
        }
        let query = Dictionary(
            (components.queryItems ?? []).compactMap { item in item.value.map { (item.name, $0) } }, uniquingKeysWith: { first, _ in first })
        return DeepLinkPaths(product: product, url: text, query: query).route(segments)
    }
}

/// The paths each product takes, after the scheme or domain.
struct DeepLinkPaths {
    let product: AppBrand.Product
    let url: String
    let query: [String: String]

    func route(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        if let account = accountLink(segments) { return account }
        if let shared = ParlorLink.parse(segments: segments) { return parlorLink(shared, segments) }
        switch product {
        case .quortex: return quortex(segments)
        case .oneForTheBoys: return party(segments)
        case .topDog: return topDog(segments).map(DeepLink.topDog)
        case .tandem: return tandem(segments)
        case .pubGames: return pubGames(segments)
        }
    }

    private func accountLink(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal>? {
        switch segments.first {
        case "reset-password": return token().map(DeepLink.resetPassword)
        case "verify-email": return token().map(DeepLink.verifyEmail)
        default: return nil
        }
    }

    /// The server's shared links, in the app that opens each kind.
    private func parlorLink(_ parsed: Result<ParlorLink, ParlorLinkRefusal>, _ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        switch parsed {
        case .failure(let refusal): return refuse(refusal.reason)
        case .success(let link):
            switch (product, link) {
            case (.quortex, .invite(let code)): return .success(.quortexInvite(code: code))
            // The app shows a finished game from its record: the replay is the game's page.
            case (.quortex, .replay(let game)): return .success(.quortexGame(game))
            case (.oneForTheBoys, .invite(let code)): return .success(.partyInvite(code: code))
            case (.topDog, .tournament(let id)): return .success(.topDog(.tournament(id: id)))
            default: return unknown(segments)
            }
        }
    }

    private func quortex(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        switch (segments.first, segments.count) {
        case ("game", 2): uuid(segments[1], "game").map(DeepLink.quortexGame)
        case ("join", 2): code(segments[1]).map { DeepLink.quortexInvite(code: $0) }
        default: unknown(segments)
        }
    }

    private func party(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        switch (segments.first, segments.count) {
        case ("party", 2), ("join", 2): code(segments[1]).map { DeepLink.partyInvite(code: $0) }
        default: unknown(segments)
        }
    }

    private func topDog(_ segments: [String]) -> Result<DeepLink.TopDogDestination, DeepLinkRefusal> {
        switch (segments.first, segments.count) {
        case (nil, 0): .success(.home)
        case ("lobby", 1): .success(.lobby)
        case ("teams", 1): .success(.teams)
        case ("exposure", 1): .success(.exposure)
        case ("profile", 1): .success(.profile)
        case ("deposit", 1): .success(.deposit)
        case ("draft", 2): uuid(segments[1], "draft room").map { .draft(roomID: $0) }
        case ("tournament", 2): uuid(segments[1], "tournament").map { .tournament(id: $0) }
        case ("teams", 2): uuid(segments[1], "team").map { .team(id: $0) }
        case ("invite", 2): code(segments[1]).map { .invite(code: $0) }
        default: unknown(segments)
        }
    }

    private func tandem(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        switch (segments.first, segments.count) {
        case (nil, 0), ("stats", 1): .success(.tandemStats)
        case ("stats", 2) where segments[1].wholeMatch(of: /[a-z0-9_-]{1,40}/) != nil: .success(.tandemGame(type: segments[1]))
        default: unknown(segments)
        }
    }

    private func pubGames(_ segments: [String]) -> Result<DeepLink, DeepLinkRefusal> {
        switch (segments.first, segments.count) {
        case ("apps", 2) where segments[1].wholeMatch(of: /[A-Za-z0-9._-]{1,64}/) != nil: .success(.miniApp(id: segments[1]))
        case ("sso", 1), ("callback", 1):
            if let code = query["code"], !code.isEmpty { .success(.signInCallback(code: code, state: query["state"])) } else { refuse("the sign-in link has no code") }
        default: unknown(segments)
        }
    }

    private func token() -> Result<String, DeepLinkRefusal> {
        guard let token = query["token"], token.wholeMatch(of: /[A-Za-z0-9_-]{16,256}/) != nil else {
            return refuse("the link has no valid token")
        }
        return .success(token)
    }

    /// Ids and invite codes follow the shared links' rules (``LinkID``, ``InviteCodeRule``).
    private func uuid(_ text: String, _ what: String) -> Result<UUID, DeepLinkRefusal> {
        LinkID.parse(text).map { .success($0) } ?? refuse("'\(text)' is not a \(what) id")
    }

    private func code(_ text: String) -> Result<String, DeepLinkRefusal> {
        InviteCodeRule.normalise(text).map { .success($0) } ?? refuse("'\(text)' is not an invite code")
    }

    private func unknown<T>(_ segments: [String]) -> Result<T, DeepLinkRefusal> {
        refuse(segments.isEmpty ? "the link names no page" : "no page '/\(segments.joined(separator: "/"))' in \(AppBrand.of(product).name)")
    }

    private func refuse<T>(_ reason: String) -> Result<T, DeepLinkRefusal> {
        .failure(DeepLinkRefusal(url: url, reason: reason))
    }
}
