import Foundation
import GameCore
import PlayerProfiles
import Testing

@Suite struct ProfileCodingTests {
    @Test func roundTripsEveryField() throws {
        let profile = Fixture.fullProfile
        let decoded = try JSONDecoder().decode(PlayerProfile.self, from: JSONEncoder().encode(profile))
        #expect(decoded == profile)
        #expect(decoded.recordedGameIDs == [Fixture.id(1), Fixture.id(2)])
    }

    @Test func encodingIsTheSameEveryTime() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(Fixture.fullProfile)
        // A Set's iteration order differs between equal sets built differently; the bytes must not.
        var rebuilt = Fixture.fullProfile
        rebuilt.ownedProductIDs = Set(Fixture.fullProfile.ownedProductIDs.sorted().reversed())
        #expect(try encoder.encode(rebuilt) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(#""ownedProductIDs":["avatar.capes","avatar.hats","theme.night"]"#))
    }

    @Test func statsByGameEncodeAsAnObjectKeyedByGameID() throws {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Fixture.fullProfile))
        let stats = (json as? [String: Any])?["statsByGameId"] as? [String: Any]
        #expect(stats?.keys.sorted() == ["crazy-eights", "high-card"])
    }

    @Test func aProfileWithOnlyIdAndUsernameDecodesWithDefaults() throws {
        let profile = try Fixture.decodeProfile(#"{"id": "\#(Fixture.profileID)", "username": "Sam"}"#)
        #expect(profile.id == Fixture.profileID)
        #expect(profile.username == "Sam")
        #expect(profile.avatar == AvatarConfig())
        #expect(profile.globalStats == GlobalStats())
        #expect(profile.statsByGameType.isEmpty)
        #expect(profile.ownedProductIDs.isEmpty)
        #expect(profile.recordedGameIDs.isEmpty)
    }

    @Test func partialStatsDefaultTheirMissingCounts() throws {
        let profile = try Fixture.decodeProfile(
            #"""
            {"id": "\#(Fixture.profileID)", "username": "Sam", "globalStats": {"totalWins": 2},
             "statsByGameId": {"crazy-eights": {"gamesPlayed": 3, "wins": 2}}}
            """#)
        #expect(profile.globalStats == GlobalStats(totalGamesPlayed: 0, totalWins: 2))
        #expect(profile.statsByGameType[Fixture.crazyEights] == GameStats(gamesPlayed: 3, wins: 2))
    }

    @Test func unknownKeysFromANewerBuildAreIgnored() throws {
        let profile = try Fixture.decodeProfile(
            #"""
            {"id": "\#(Fixture.profileID)", "username": "Sam", "title": "Champion", "friends": [1, 2],
             "avatar": {"version": 1, "baseSymbol": "person.fill", "skinColorHex": "#AABBCC",
                        "hairColorHex": "#000000", "backgroundColorHex": "#FFFFFF", "aura": {"glow": true}},
             "globalStats": {"totalGamesPlayed": 4, "totalWins": 1, "totalDraws": 2},
             "statsByGameId": {"dice": {"gamesPlayed": 4, "wins": 1, "streakCurrent": 1, "streakBest": 1, "elo": 1200}}}
            """#)
        #expect(profile.avatar.skinColorHex == "#AABBCC")
        #expect(profile.globalStats == GlobalStats(totalGamesPlayed: 4, totalWins: 1))
        #expect(profile.statsByGameType["dice"] == GameStats(gamesPlayed: 4, wins: 1, streakCurrent: 1, streakBest: 1))
    }

    @Test(arguments: [
        (#"{"username": "Sam"}"#, "id"),
        (#"{"id": "00000000-0000-4000-8000-000000000001"}"#, "username"),
        (#"{"id": "00000000-0000-4000-8000-000000000001", "username": "Sam", "globalStats": []}"#, "globalStats"),
    ])
    func whatIdentifiesAProfileIsRequiredAndTypesAreChecked(json: String, field: String) {
        #expect {
            try Fixture.decodeProfile(json)
        } throws: { error in
            "\(error)".contains(field)
        }
    }

    @Test func thePublicCopyLeavesOutTheRecordedGameIDs() {
        let profile = Fixture.fullProfile
        let shared = profile.publicCopy
        #expect(shared.recordedGameIDs.isEmpty)
        #expect(shared.statsByGameType == profile.statsByGameType)
        #expect(shared.username == profile.username)
    }
}
