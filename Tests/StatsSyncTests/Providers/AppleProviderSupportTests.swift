import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice

/// The pure parts behind the Apple adapters (which cannot run here).
@Suite struct AppleProviderSupportTests {
    @Test func conflictingSavedGamesResolveToTheirUnion() throws {
        let phone = try ProviderFixture.device("phone")
        let tablet = try ProviderFixture.device("tablet")
        let base = ProviderFixture.games(by: phone, count: 4)
        let fromPhone = EventLog(base + ProviderFixture.games(by: phone, count: 2, first: 5))
        let fromTablet = EventLog(base + ProviderFixture.games(by: tablet, count: 3))
        let (union, unreadable) = EventArchive.union(
            [EventArchive.encode(fromPhone), EventArchive.encode(fromTablet)], now: ProviderFixture.now)
        #expect(unreadable == 0)
        #expect(union == fromPhone.merged(with: fromTablet))
        #expect(union.count == 9)

        let (partial, garbage) = EventArchive.union([EventArchive.encode(fromPhone), Data("{}".utf8)], now: ProviderFixture.now)
        #expect(garbage == 1)
        #expect(partial == fromPhone)
        #expect(EventArchive.decode(EventArchive.encode(EventLog()), now: ProviderFixture.now) == EventLog())
    }

    @Test func theChangeFeedCursorCarriesAnHonestVersion() throws {
        let phone = try ProviderFixture.device("phone")
        let events = ProviderFixture.games(by: phone, count: 8)
        var cursor = ChangeFeedCursor(token: "t1")
        cursor.absorb([events[0], events[1], events[4], events[5]])  // 3 and 4 not delivered yet
        #expect(cursor.version == VersionVector([phone: 2]))
        #expect(cursor.beyondGap == [phone: [5, 6]])

        var restored = try #require(ChangeFeedCursor(encoded: cursor.encoded))
        #expect(restored == cursor)
        restored.absorb([events[2], events[1]])
        #expect(restored.version == VersionVector([phone: 3]))
        restored.absorb([events[3], events[7]])
        #expect(restored.version == VersionVector([phone: 6]))
        #expect(restored.beyondGap == [phone: [8]])

        #expect(ChangeFeedCursor(encoded: nil) == nil)
        #expect(ChangeFeedCursor(encoded: "not base64!") == nil)
        #expect(ChangeFeedCursor(encoded: Data("[]".utf8).base64EncodedString()) == nil)
    }
}
