import Foundation
import HTTPTypes
@testable import ParlorServer
import ParlorHTTP
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The invite and tournament pages: what they show, their statuses, their policy, and that a
/// name cannot write markup into them.
@Suite struct LinkPageTests {
    static let hostile = #"<script>alert("x")</script>"#
    static let hostileEscaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"

    @Test func theEscapingFunctionEscapesWhatHTMLReads() {
        #expect(HTMLText.escape(#"<a href="x" onclick='y'>Tom & Jerry</a>"#) == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;")
        #expect(HTMLText.escape("Zoë ♠︎ 2") == "Zoë ♠︎ 2")
    }

    static func expectPagePolicy(_ page: LinkTestServer.Page, _ what: String) {
        #expect(page.headers[.contentType]?.hasPrefix("text/html") == true, "\(what)")
        #expect(page.headers[HTTPField.Name("Content-Security-Policy")!] == LinkPage.contentSecurityPolicy, "\(what)")
        #expect(LinkPage.contentSecurityPolicy.hasPrefix("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:"))
        #expect(!page.text.contains("<script"), "\(what): no script, and no name can add one")
    }

    @Test(arguments: TestDatabaseKind.available)
    func anInvitePageShowsWhoInvitedTheGameAndTheCode(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let host = try await server.play.guest()
            try await server.rename(host, to: Self.hostile)
            let (_, code) = try await server.invite(by: host)
            for path in ["/i/\(code)", "/i/\(code.lowercased())"] {
                let page = try await server.page(path)
                #expect(page.status == 200, "\(path)")
                Self.expectPagePolicy(page, path)
                #expect(page.text.contains("<p class=\"code\">\(code)</p>"))
                #expect(page.text.contains("\(Self.hostileEscaped) invited you to play Quortex"))
                #expect(page.text.contains("href=\"quortex://i/\(code)\""))
                #expect(page.text.contains("href=\"https://apps.apple.com/app/id1234567890\""))
            }
            // A party game's invite opens the party app, which has no store link configured.
            let party = try await server.invite("crazy-eights", by: host, players: 3)
            let partyPage = try await server.page("/i/\(party.code)")
            #expect(partyPage.status == 200)
            #expect(partyPage.text.contains("href=\"oneforboys://i/\(party.code)\""))
            #expect(partyPage.text.contains("Crazy Eights"))
            #expect(!partyPage.text.contains("App Store"))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func anUnknownStartedOrMalformedCodeIsANotFoundPage(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let host = try await server.play.guest()
            let (_, code) = try await server.invite(by: host)
            let joined = try await server.play.call(.post, "/games/join", as: try await server.play.guest(), body: #"{"code":"\#(code)"}"#)
            #expect(joined.status == 200)
            for (path, message) in [
                ("/i/\(code)", "The invite code \(code) is unknown or has expired"),
                ("/i/ZZZZZZ", "The invite code ZZZZZZ is unknown or has expired"),
                ("/i/%3Cb%3Ehi%3C%2Fb%3E", "“&lt;b&gt;hi&lt;/b&gt;” is not an invite code"),
            ] {
                let page = try await server.page(path)
                #expect(page.status == 404, "\(path)")
                Self.expectPagePolicy(page, path)
                #expect(page.text.contains("Invite not found"), "\(path)")
                #expect(page.text.contains(message), "\(path): \(page.text)")
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aTournamentPageShowsItsLobbyCard(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let id = try await server.play.tournament(fee: 1250, extra: #","max_entries":24"#)
            let page = try await server.page("/t/\(id)")
            #expect(page.status == 200, "\(page.text)")
            Self.expectPagePolicy(page, "tournament")
            for text in ["<h1>Test Best Ball</h1>", "<dd>$12.50</dd>", "<dd>24 of 24</dd>", "When its room fills", "href=\"topdog://t/\(id)\""] {
                #expect(page.text.contains(text), "\(text)")
            }
            #expect(!page.text.contains("App Store"), "no store link configured for TopDog")
            let upper = try await server.page("/t/\(id.uppercased())")
            #expect(upper.status == 200)
            for path in ["/t/\(UUID().uuidString)", "/t/not-a-tournament"] {
                let missing = try await server.page(path)
                #expect(missing.status == 404, "\(path)")
                Self.expectPagePolicy(missing, path)
                #expect(missing.text.contains("Tournament not found"), "\(path)")
            }
        }
    }
}
