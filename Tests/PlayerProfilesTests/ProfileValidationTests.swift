import Foundation
import PlayerProfiles
import Testing

@Suite struct ProfileValidationTests {
    @Test(arguments: [
        ("Sam", "Sam"),
        ("  Sam  ", "Sam"),
        ("Ana María", "Ana María"),
        (String(repeating: "x", count: 24), String(repeating: "x", count: 24)),
        // 24 emoji (each one character however many bytes) is within the limit.
        (String(repeating: "🃏", count: 24), String(repeating: "🃏", count: 24)),
    ])
    func acceptsAndTrimsUsernames(input: String, expected: String) throws {
        #expect(try ProfileValidation.normalizedUsername(input) == expected)
    }

    @Test(arguments: [
        ("", "must not be empty"),
        ("   \t ", "must not be empty"),
        (String(repeating: "x", count: 25), "at most 24 characters, not 25"),
        ("  " + String(repeating: "é", count: 25) + " ", "not 25"),
        ("Sam\nJones", "control characters"),
    ])
    func refusesBadUsernamesNamingTheField(input: String, reason: String) {
        #expect {
            try ProfileValidation.normalizedUsername(input)
        } throws: { error in
            guard case .invalidField("username", let message)? = error as? ProfileError else { return false }
            return message.contains(reason) && "\(error)".hasPrefix("invalid username:")
        }
    }

    @Test(arguments: ["#A1B2C3", "#a1b2c3", "#000000", "#FFFFFF"])
    func acceptsSixDigitHexColours(value: String) throws {
        try ProfileValidation.checkHexColor(value, field: "avatar.skinColorHex")
    }

    @Test(arguments: ["A1B2C3", "#FFF", "#GGGGGG", "#1234567", "", "#", "red", "#12 456", "＃A1B2C3"])
    func refusesOtherColours(value: String) {
        #expect(throws: ProfileError.invalidField(
            field: "avatar.hairColorHex", reason: "expected a colour like #RRGGBB, got \"\(value)\"")) {
            try ProfileValidation.checkHexColor(value, field: "avatar.hairColorHex")
        }
    }

    @Test func aProfileNamesItsFirstBadColour() {
        var profile = PlayerProfile(username: "Sam")
        profile.avatar.backgroundColorHex = "blue"
        #expect {
            try profile.validate()
        } throws: { error in
            "\(error)".contains("avatar.backgroundColorHex") && "\(error)".contains("\"blue\"")
        }
    }

    @Test func aValidProfilePasses() throws {
        try Fixture.fullProfile.validate()
    }

    @Test func renameTrimsOrLeavesTheProfileAlone() throws {
        var profile = PlayerProfile(username: "Sam")
        try profile.rename(to: "  Alex ")
        #expect(profile.username == "Alex")
        #expect(throws: ProfileError.self) { try profile.rename(to: " ") }
        #expect(profile.username == "Alex")
    }
}
