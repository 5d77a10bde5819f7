import Foundation
import PlayerProfiles
import Testing

@Suite struct AvatarMigrationTests {
    @Test func versionZeroColorHexBecomesSkinColorHex() throws {
        // What the first release wrote: no version, and the body colour under its old name.
        let avatar = try Fixture.decodeAvatar(
            ##"{"baseSymbol": "person.circle", "colorHex": "#8D5524", "hairColorHex": "#111111", "backgroundColorHex": "#222222"}"##)
        #expect(avatar.version == AvatarConfig.currentVersion)
        #expect(avatar.skinColorHex == "#8D5524")
        #expect(avatar.baseSymbol == "person.circle")
        #expect(avatar.hairColorHex == "#111111")
    }

    @Test func anExplicitVersionZeroMigratesToo() throws {
        let avatar = try Fixture.decodeAvatar(##"{"version": 0, "colorHex": "#8D5524"}"##)
        #expect(avatar.skinColorHex == "#8D5524")
        #expect(avatar.version == AvatarConfig.currentVersion)
    }

    @Test func theNewNameWinsWhenBothAreThere() throws {
        let avatar = try Fixture.decodeAvatar(##"{"colorHex": "#000000", "skinColorHex": "#C68642"}"##)
        #expect(avatar.skinColorHex == "#C68642")
    }

    @Test func aCurrentAvatarIgnoresTheOldKey() throws {
        let avatar = try Fixture.decodeAvatar(##"{"version": 1, "colorHex": "#000000"}"##)
        #expect(avatar.skinColorHex == AvatarConfig().skinColorHex)
    }

    @Test func aMigratedAvatarIsWrittenInTheCurrentShape() throws {
        let migrated = try Fixture.decodeAvatar(##"{"colorHex": "#8D5524"}"##)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(migrated)) as? [String: Any])
        #expect(json["version"] as? Int == AvatarConfig.currentVersion)
        #expect(json["skinColorHex"] as? String == "#8D5524")
        #expect(json["colorHex"] == nil)
    }

    @Test func anAvatarFromANewerBuildKeepsWhatThisBuildKnows() throws {
        let avatar = try Fixture.decodeAvatar(
            ##"""
            {"version": 7, "baseSymbol": "figure.wave", "skinColorHex": "#AABBCC", "hairSymbol": "hair.bun",
             "eyeSymbol": "eye.fill", "layers": [{"symbol": "star", "color": "#FFFFFF"}]}
            """##)
        #expect(avatar.baseSymbol == "figure.wave")
        #expect(avatar.skinColorHex == "#AABBCC")
        #expect(avatar.hairSymbol == "hair.bun")
        // Missing from the newer shape: defaults, so rendering keeps working.
        #expect(avatar.hairColorHex == AvatarConfig().hairColorHex)
        #expect(avatar.backgroundColorHex == AvatarConfig().backgroundColorHex)
        // This build writes what it holds, the current shape, and says so.
        #expect(avatar.version == AvatarConfig.currentVersion)
    }

    @Test func anEmptyAvatarIsTheDefault() throws {
        #expect(try Fixture.decodeAvatar("{}") == AvatarConfig())
    }

    @Test func aCurrentAvatarRoundTrips() throws {
        let avatar = AvatarConfig(
            baseSymbol: "person.crop.circle", skinColorHex: "#E0AC69", hairSymbol: "hair.short", hairColorHex: "#654321",
            accessorySymbol: "crown", backgroundColorHex: "#00FF88")
        #expect(try JSONDecoder().decode(AvatarConfig.self, from: JSONEncoder().encode(avatar)) == avatar)
    }

    @Test func absentSymbolsAreLeftOutRatherThanWrittenAsNull() throws {
        let text = String(decoding: try JSONEncoder().encode(AvatarConfig()), as: UTF8.self)
        #expect(!text.contains("hairSymbol"))
        #expect(!text.contains("accessorySymbol"))
    }

    @Test func aWronglyTypedFieldIsAnError() {
        #expect(throws: DecodingError.self) {
            try Fixture.decodeAvatar(##"{"version": "one"}"##)
        }
    }
}
