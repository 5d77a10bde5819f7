import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import Testing

/// How a node reads any capability's notice back from the text of a `NOTIFY`.
struct NoticeCatalogTests {
    static let catalog = NoticeCatalog([TestNotice.self, OtherNotice.self])
    static let game = UUID()

    func roundTrip(_ notice: Notice) throws -> Notice {
        try Self.catalog.notice(from: try #require(NoticePayload.payload(for: notice, logger: Logger(label: "test"))))
    }

    @Test func everyTypeComesBackAsItself() throws {
        let notices = [
            Notice(TestNotice(game: Self.game, seq: 4)), Notice(TestNotice(game: Self.game, seq: 5, text: "gg")), Notice(OtherNotice(user: "u1")),
        ]
        for notice in notices { #expect(try roundTrip(notice) == notice) }
        #expect(try roundTrip(Notice(OtherNotice(user: "u1"))).as(OtherNotice.self)?.user == "u1")
        #expect(try roundTrip(Notice(TestNotice(game: Self.game, seq: 4))).as(OtherNotice.self) == nil)
        #expect(Notice(TestNotice(game: Self.game, seq: 4)) != Notice(OtherNotice(user: "u1")))
    }

    @Test func aCompactFormIsUsedWhenTheTypeHasOne() throws {
        let payload = try #require(NoticePayload.payload(for: Notice(TestNotice(game: Self.game, seq: 4)), logger: Logger(label: "test")))
        #expect(payload == "t\t\(Self.game.uuidString)\t4")
        #expect(throws: BrokenTestNotice.self) { try Self.catalog.notice(from: "t\tnot-a-game\t4") }
    }

    /// A newer node's kind, and what is no notice at all, are refused (the bus logs and skips them).
    @Test func unknownKindsAndGarbageAreRefused() {
        for payload in [#"{"kind":"confetti","user":"u"}"#, #"{"user":"u"}"#, "{not json", "x\ty", ""] {
            #expect(throws: (any Error).self, "\(payload)") { try Self.catalog.notice(from: payload) }
        }
    }

    /// Over the `NOTIFY` limit a notice becomes the smaller one its type offers; one with none is dropped.
    @Test func anOverLongNoticeIsMadeSmallerOrDropped() throws {
        let long = TestNotice(game: Self.game, seq: 9, text: String(repeating: "é", count: 5_000))
        let payload = try #require(NoticePayload.payload(for: Notice(long), logger: Logger(label: "test")))
        #expect(try Self.catalog.notice(from: payload) == Notice(TestNotice(game: Self.game, seq: 9)))
        let hopeless = OtherNotice(user: String(repeating: "u", count: Database.maximumNotificationPayloadBytes))
        #expect(NoticePayload.payload(for: Notice(hopeless), logger: Logger(label: "test")) == nil)
    }

    @Test func theAudienceSaysWhoseConnectionsHearIt() {
        #expect(Notice(TestNotice(game: Self.game, seq: 1)).audience == .subscribers(of: Self.game))
        #expect(Notice(OtherNotice(user: "u1")).audience == .user("u1"))
        #expect(Notice(OtherNotice(user: "u1")).subject == "u1")
    }
}
