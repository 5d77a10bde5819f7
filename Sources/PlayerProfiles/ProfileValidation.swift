/// The rules a profile's user-editable fields follow. Decoding does not apply them (a profile from
/// a newer build with looser rules must still load); they are checked when a field is set or
/// changed, see `ProfileStore.update(_:)`.
public enum ProfileValidation {
    /// Long enough for a name, short enough for a lobby seat label.
    public static let maximumUsernameLength = 24

    /// The username with surrounding white space removed, or the reason it cannot be one.
    /// Length counts characters as people see them, so an emoji or an accented letter is one.
    public static func normalizedUsername(_ username: String) throws(ProfileError) -> String {
        let start = username.firstIndex(where: { !$0.isWhitespace }) ?? username.endIndex
        let end = username.lastIndex(where: { !$0.isWhitespace }).map(username.index(after:)) ?? start
        let trimmed = String(username[start..<end])
        guard !trimmed.isEmpty else {
            throw .invalidField(field: "username", reason: "must not be empty")
        }
        guard trimmed.count <= maximumUsernameLength else {
            throw .invalidField(
                field: "username", reason: "must be at most \(maximumUsernameLength) characters, not \(trimmed.count)")
        }
        // Control characters (newlines, tabs, escapes) would break the one-line lobby labels.
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidField(field: "username", reason: "must not contain control characters such as newlines")
        }
        return trimmed
    }

    /// Refuses anything but `#RRGGBB` (either letter case): the avatar renderer reads exactly six
    /// hex digits, and a shorter or named colour would render as black on one platform only.
    public static func checkHexColor(_ value: String, field: String) throws(ProfileError) {
        let digits = value.utf8.dropFirst()
        let isHex = digits.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
        guard value.utf8.first == UInt8(ascii: "#"), digits.count == 6, isHex else {
            throw .invalidField(field: field, reason: "expected a colour like #RRGGBB, got \"\(value)\"")
        }
    }
}

extension AvatarConfig {
    /// Checks every colour, naming the first bad field (e.g. `avatar.hairColorHex`).
    public func validate() throws(ProfileError) {
        try ProfileValidation.checkHexColor(skinColorHex, field: "avatar.skinColorHex")
        try ProfileValidation.checkHexColor(hairColorHex, field: "avatar.hairColorHex")
        try ProfileValidation.checkHexColor(backgroundColorHex, field: "avatar.backgroundColorHex")
    }
}

extension PlayerProfile {
    /// Checks the username and the avatar as they are now.
    public func validate() throws(ProfileError) {
        _ = try ProfileValidation.normalizedUsername(username)
        try avatar.validate()
    }

    /// Sets the username after trimming it, or throws and leaves the profile unchanged.
    public mutating func rename(to username: String) throws(ProfileError) {
        self.username = try ProfileValidation.normalizedUsername(username)
    }

    /// Checks only what differs from `previous`, trimming a changed username: a stored value
    /// that a later rule would refuse (a name longer than a future limit) must not block an
    /// unrelated change such as recording a game.
    mutating func checkChanges(from previous: PlayerProfile) throws(ProfileError) {
        if username != previous.username { username = try ProfileValidation.normalizedUsername(username) }
        if avatar != previous.avatar { try avatar.validate() }
    }
}
