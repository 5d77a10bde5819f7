import Foundation
import ParlorLinks
import Testing

@Suite struct ParlorLinkTests {
    let id = UUID(uuidString: "6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C11") ?? UUID()

    @Test func eachLinkBuildsItsPathAndURL() throws {
        let base = try #require(URL(string: "https://play.parlor.example/"))
        #expect(ParlorLink.invite(code: "K7Q2PX").path == "/i/K7Q2PX")
        #expect(ParlorLink.tournament(id).url(base: base).absoluteString == "https://play.parlor.example/t/6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11")
        // A base with a path keeps it: the server may live under a prefix.
        let prefixed = try #require(URL(string: "https://example.com/parlor"))
        #expect(ParlorLink.replay(id).url(base: prefixed).absoluteString == "https://example.com/parlor/r/6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11")
        #expect(ParlorLink.invite(code: "K7Q2PX").appURL(scheme: LinkApp.quortex.scheme)?.absoluteString == "quortex://i/K7Q2PX")
    }

    @Test func whatIsBuiltParsesBack() throws {
        let base = try #require(URL(string: "https://play.parlor.example"))
        for link in [ParlorLink.invite(code: "AB3DK7"), .tournament(id), .replay(id)] {
            #expect(ParlorLink.parse(path: link.url(base: base).path) == .success(link))
        }
        #expect(ParlorLink.parse(path: "/i/ab3dk7") == .success(.invite(code: "AB3DK7")), "codes in any case, written upper-case")
        #expect(ParlorLink.parse(path: "/r/6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C11") == .success(.replay(id)))
    }

    @Test func badValuesAreRefusedWithTheReasonAndOtherPathsAreNotLinks() {
        #expect(ParlorLink.parse(path: "/i/AB") == .failure(ParlorLinkRefusal(reason: "'AB' is not an invite code")))
        #expect(ParlorLink.parse(path: "/i/<script>") == .failure(ParlorLinkRefusal(reason: "'<script>' is not an invite code")))
        #expect(ParlorLink.parse(path: "/t/not-a-uuid") == .failure(ParlorLinkRefusal(reason: "'not-a-uuid' is not a tournament id")))
        #expect(ParlorLink.parse(path: "/r/ 6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C1") == .failure(ParlorLinkRefusal(reason: "' 6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C1' is not a game id")))
        #expect(ParlorLink.parse(path: "/i/AB3DK7/extra") == .failure(ParlorLinkRefusal(reason: "no page '/i/AB3DK7/extra'")))
        #expect(ParlorLink.parse(path: "/join/AB3DK7") == nil)
        #expect(ParlorLink.parse(path: "/") == nil)
    }

    @Test func eachAppOpensItsKindsOfLink() {
        #expect(LinkApp.quortex.kinds.map(\.pathPattern) == ["/i/*", "/r/*"])
        #expect(LinkApp.party.kinds.map(\.pathPattern) == ["/i/*"])
        #expect(LinkApp.topdog.kinds.map(\.pathPattern) == ["/t/*"])
        #expect(LinkApp.forInvite(gameType: "quortex") == .quortex)
        #expect(LinkApp.forInvite(gameType: "crazy-eights") == .party)
    }
}
