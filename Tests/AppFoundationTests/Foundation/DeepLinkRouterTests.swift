import AppFoundation
import Foundation
import Testing

@Suite struct DeepLinkRouterTests {
    let game = UUID(uuidString: "6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C11") ?? UUID()

    func route(_ product: AppBrand.Product, _ link: String) -> Result<DeepLink, DeepLinkRefusal> {
        guard let url = URL(string: link) else { return .failure(DeepLinkRefusal(url: link, reason: "test: not a URL")) }
        return DeepLinkRouter(product: product).route(url)
    }

    @Test func eachProductTakesItsSchemeAndItsDomain() {
        let id = game.uuidString.lowercased()
        #expect(route(.quortex, "quortex://game/\(id)") == .success(.quortexGame(game)))
        #expect(route(.quortex, "https://quortex.com/game/\(id)") == .success(.quortexGame(game)))
        #expect(route(.quortex, "https://www.quortex.com/join/ab3dk7") == .success(.quortexInvite(code: "AB3DK7")))
        #expect(route(.oneForTheBoys, "oneforboys://party/K7M2QX") == .success(.partyInvite(code: "K7M2QX")))
        #expect(route(.oneForTheBoys, "https://oneforboys.app/join/k7m2qx") == .success(.partyInvite(code: "K7M2QX")))
        #expect(route(.tandem, "tandem://stats") == .success(.tandemStats))
        #expect(route(.tandem, "https://tandemdaily.app/stats/wordle") == .success(.tandemGame(type: "wordle")))
        #expect(route(.pubGames, "pubgames://apps/trivia-night") == .success(.miniApp(id: "trivia-night")))
        #expect(route(.pubGames, "https://pubgames.app/sso?code=abc123&state=xyz") == .success(.signInCallback(code: "abc123", state: "xyz")))
    }

    @Test func topDogTakesEveryLinkOfItsSeed() {
        let id = game.uuidString
        #expect(route(.topDog, "topdog://") == .success(.topDog(.home)))
        #expect(route(.topDog, "topdog://lobby") == .success(.topDog(.lobby)))
        #expect(route(.topDog, "topdog://draft/\(id)") == .success(.topDog(.draft(roomID: game))))
        #expect(route(.topDog, "topdog://teams") == .success(.topDog(.teams)))
        #expect(route(.topDog, "topdog://teams/\(id)") == .success(.topDog(.team(id: game))))
        #expect(route(.topDog, "topdog://exposure") == .success(.topDog(.exposure)))
        #expect(route(.topDog, "topdog://profile") == .success(.topDog(.profile)))
        #expect(route(.topDog, "topdog://deposit") == .success(.topDog(.deposit)))
        #expect(route(.topDog, "https://topdog.dog/draft/\(id)") == .success(.topDog(.draft(roomID: game))))
        #expect(route(.topDog, "https://topdog.dog/tournament/\(id)") == .success(.topDog(.tournament(id: game))))
        #expect(route(.topDog, "https://topdog.dog/invite/FRIENDS1") == .success(.topDog(.invite(code: "FRIENDS1"))))
    }

    @Test func accountMailLinksOpenInEveryApp() {
        let token = "tok_0123456789abcdefXYZ"
        for product in AppBrand.Product.allCases {
            let router = DeepLinkRouter(product: product)
            #expect(route(product, "https://\(router.domain)/reset-password?token=\(token)") == .success(.resetPassword(token: token)))
            #expect(route(product, "\(router.scheme)://verify-email?token=\(token)") == .success(.verifyEmail(token: token)))
        }
    }

    /// The server's link pages' paths (ParlorLinks), on the app's domain, on the Parlor server's
    /// public host when the app is told it, and after the custom scheme.
    @Test func theServersSharedLinksOpenInTheirApps() throws {
        let id = game.uuidString.lowercased()
        let server = "play.parlor.example"
        func routed(_ product: AppBrand.Product, _ link: String) throws -> Result<DeepLink, DeepLinkRefusal> {
            DeepLinkRouter(product: product, linkHosts: [server]).route(try #require(URL(string: link)))
        }
        #expect(try routed(.quortex, "https://\(server)/i/k7q2px") == .success(.quortexInvite(code: "K7Q2PX")))
        #expect(try routed(.quortex, "https://PLAY.parlor.example/r/\(id)") == .success(.quortexGame(game)))
        #expect(try routed(.quortex, "quortex://i/K7Q2PX") == .success(.quortexInvite(code: "K7Q2PX")))
        #expect(try routed(.quortex, "https://quortex.com/r/\(id)") == .success(.quortexGame(game)))
        #expect(try routed(.oneForTheBoys, "https://\(server)/i/K7M2QX") == .success(.partyInvite(code: "K7M2QX")))
        #expect(try routed(.oneForTheBoys, "oneforboys://i/K7M2QX") == .success(.partyInvite(code: "K7M2QX")))
        #expect(try routed(.topDog, "https://\(server)/t/\(id)") == .success(.topDog(.tournament(id: game))))
        #expect(try routed(.topDog, "topdog://t/\(id)") == .success(.topDog(.tournament(id: game))))
        // The server's host is an app's link host only when the app is told it.
        #expect(route(.quortex, "https://\(server)/i/K7Q2PX") == .failure(DeepLinkRefusal(url: "https://\(server)/i/K7Q2PX", reason: "not a Quortex link")))
        // A shared link of another app, or with a bad value, is refused with the reason.
        #expect(try routed(.quortex, "https://\(server)/t/\(id)") == .failure(DeepLinkRefusal(url: "https://\(server)/t/\(id)", reason: "no page '/t/\(id)' in Quortex")))
        #expect(try routed(.topDog, "topdog://i/K7Q2PX") == .failure(DeepLinkRefusal(url: "topdog://i/K7Q2PX", reason: "no page '/i/K7Q2PX' in TopDog")))
        #expect(try routed(.quortex, "quortex://i/AB") == .failure(DeepLinkRefusal(url: "quortex://i/AB", reason: "'AB' is not an invite code")))
        #expect(try routed(.topDog, "topdog://t/nope") == .failure(DeepLinkRefusal(url: "topdog://t/nope", reason: "'nope' is not a tournament id")))
        #expect(try routed(.quortex, "http://\(server)/i/K7Q2PX") == .failure(DeepLinkRefusal(url: "http://\(server)/i/K7Q2PX", reason: "not a Quortex link")))
    }

    @Test func unknownLinksAreRefusedWithTheReason() {
        #expect(route(.quortex, "quortex://shop") == .failure(DeepLinkRefusal(url: "quortex://shop", reason: "no page '/shop' in Quortex")))
        #expect(route(.quortex, "topdog://lobby") == .failure(DeepLinkRefusal(url: "topdog://lobby", reason: "not a Quortex link")))
        #expect(route(.quortex, "https://evil.example/game/x") == .failure(DeepLinkRefusal(url: "https://evil.example/game/x", reason: "not a Quortex link")))
        #expect(route(.quortex, "http://quortex.com/join/ABCDEF") == .failure(DeepLinkRefusal(url: "http://quortex.com/join/ABCDEF", reason: "not a Quortex link")))
        #expect(route(.quortex, "quortex://game/not-a-uuid") == .failure(DeepLinkRefusal(url: "quortex://game/not-a-uuid", reason: "'not-a-uuid' is not a game id")))
        #expect(route(.oneForTheBoys, "oneforboys://party/AB") == .failure(DeepLinkRefusal(url: "oneforboys://party/AB", reason: "'AB' is not an invite code")))
        #expect(route(.topDog, "topdog://draft/1/2") == .failure(DeepLinkRefusal(url: "topdog://draft/1/2", reason: "no page '/draft/1/2' in TopDog")))
        #expect(route(.pubGames, "pubgames://sso") == .failure(DeepLinkRefusal(url: "pubgames://sso", reason: "the sign-in link has no code")))
        #expect(route(.tandem, "tandem://reset-password?token=short") == .failure(DeepLinkRefusal(url: "tandem://reset-password?token=short", reason: "the link has no valid token")))
        #expect(route(.pubGames, "pubgames://") == .failure(DeepLinkRefusal(url: "pubgames://", reason: "the link names no page")))
    }
}
