import Foundation
import HTTPTypes
import ParlorLinks
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// `apple-app-site-association` at both places Apple looks, from the configuration.
@Suite struct AppSiteAssociationTests {
    @Test(arguments: TestDatabaseKind.available)
    func servesTheConfiguredAppsAsJSONWithoutRedirect(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
                let page = try await server.page(path)
                #expect(page.status == 200, "\(path): no redirect, the file itself")
                #expect(page.headers[.contentType]?.hasPrefix("application/json") == true, "\(path)")
                let file = try #require(try JSONSerialization.jsonObject(with: Data(page.text.utf8)) as? [String: Any])
                let details = (file["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
                #expect(details?.map { $0["appIDs"] as? [String] ?? [] } == [
                    [LinkTestServer.quortexAppID], [LinkTestServer.partyAppID], [LinkTestServer.topDogAppID],
                ])
                let paths = details?.map { ($0["components"] as? [[String: String]] ?? []).compactMap { $0["/"] } }
                #expect(paths == [["/i/*", "/r/*"], ["/i/*"], ["/t/*"]])
                #expect((file["webcredentials"] as? [String: Any])?["apps"] as? [String] == [
                    LinkTestServer.quortexAppID, LinkTestServer.partyAppID, LinkTestServer.topDogAppID,
                ])
            }
        }
    }

    @Test func withoutAppsThereIsNothingToAssociate() async throws {
        try await withLinkServer(links: LinkConfiguration()) { server in
            for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
                let page = try await server.page(path)
                #expect(page.status == 404, "\(path)")
                let envelope = try JSONSerialization.jsonObject(with: Data(page.text.utf8)) as? [String: Any]
                #expect((envelope?["error"] as? [String: Any])?["message"] as? String == "no app is associated with this server (app_links is not set)")
            }
        }
    }

    /// `app_links` and `app_store_urls` as an operator writes them, and their mistakes.
    @Test func settingsAreReadAndMistakesNamed() throws {
        let apps = try LinkConfiguration.parseApps(" ABCDE12345.com.example.quortex=quortex, ABCDE12345.com.example.topdog=topdog ")
        #expect(apps == [.init(appID: "ABCDE12345.com.example.quortex", app: .quortex), .init(appID: "ABCDE12345.com.example.topdog", app: .topdog)])
        #expect(try LinkConfiguration.parseApps("") == [])
        let urls = try LinkConfiguration.parseStoreURLs("party=https://apps.apple.com/app/id42")
        #expect(urls == [.party: try #require(URL(string: "https://apps.apple.com/app/id42"))])
        let mistakes: [(String, String)] = [
            ("ABCDE12345.com.example.quortex", "app_links: 'ABCDE12345.com.example.quortex' is not TEAMID.bundle.id=app (app: quortex, party, topdog)"),
            ("com.example.quortex=quortex", "app_links: 'com.example.quortex' is not an app id (TEAMID.bundle.id, the team id ten capitals or digits)"),
            ("ABCDE12345.com.example.x=chess", "app_links: 'chess' is not an app; use quortex, party, topdog"),
            ("ABCDE12345.com.a.b=quortex,ABCDE12345.com.a.b=party", "app_links: 'ABCDE12345.com.a.b' is named twice"),
        ]
        for (text, message) in mistakes {
            #expect(throws: LinkConfiguration.SettingError(message: message), "\(text)") { try LinkConfiguration.parseApps(text) }
        }
        #expect(throws: LinkConfiguration.SettingError(message: "app_store_urls: 'http://apps.apple.com/x' is not an https URL")) {
            try LinkConfiguration.parseStoreURLs("quortex=http://apps.apple.com/x")
        }
        #expect(throws: LinkConfiguration.SettingError(message: "app_store_urls: 'tandem' is not an app; use quortex, party, topdog")) {
            try LinkConfiguration.parseStoreURLs("tandem=https://apps.apple.com/x")
        }
    }
}
