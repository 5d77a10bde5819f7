import Foundation

/// What makes a username, display name, email, password or avatar acceptable.
enum AccountRules {
    static let reservedUsernames: Set<String> = [
        "admin", "administrator", "root", "system", "parlor", "support", "help", "moderator", "mod",
        "staff", "official", "deleted", "guest", "anonymous", "null", "undefined", "me",
    ]

    /// Why `username` is not acceptable, or nil when it is (whether it is free is another matter).
    static func usernameProblem(_ username: String) -> String? {
        guard (3...20).contains(username.count) else { return "must be 3–20 characters" }
        guard username.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            return "may contain only letters, digits and _"
        }
        guard username.first?.isLetter == true else { return "must start with a letter" }
        return nil
    }

    static func isReserved(_ username: String) -> Bool {
        reservedUsernames.contains(username.lowercased())
    }

    static func displayNameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "must not be empty" }
        guard trimmed.count <= 40 else { return "must be at most 40 characters" }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "must not contain control characters"
        }
        return nil
    }

    /// A plausible address: one `@`, something before it, a dotted domain after it, no spaces.
    static func emailProblem(_ email: String) -> String? {
        guard email.count <= 254 else { return "must be at most 254 characters" }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else { return "is not an email address" }
        return nil
    }

    static func passwordProblem(_ password: String, username: String?) -> String? {
        guard password.count >= 10 else { return "must be at least 10 characters" }
        // bcrypt reads only the first 72 bytes; a longer password would be silently truncated.
        guard password.utf8.count <= 72 else { return "must be at most 72 bytes" }
        guard Set(password).count >= 4 else { return "must use at least 4 different characters" }
        if let username, password.lowercased().contains(username.lowercased()) { return "must not contain the username" }
        guard !CommonPasswords.contains(password.lowercased()) else { return "is too common" }
        return nil
    }

    /// An avatar is an https URL written in the characters RFC 3986 allows (a host in punycode),
    /// exactly as `openapi.yaml`'s pattern for `avatar_url` says, so the contract and this check
    /// agree on every string: no white space of any kind, no other character a client could
    /// read differently.
    static func avatarURLProblem(_ url: String) -> String? {
        let problem = "must be an https URL of at most 500 characters"
        let bytes = Array(url.utf8)
        guard bytes.count <= 500, url.hasPrefix("https://") else { return problem }
        let rest = bytes.dropFirst("https://".utf8.count)
        let hostEnd = rest.firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
        let host = rest[..<hostEnd]
        guard !host.isEmpty, host.allSatisfy(isAuthorityByte), rest[hostEnd...].allSatisfy(isURIByte) else { return problem }
        return nil
    }

    /// Letters, digits and `-._~%!$&'()*+,;=:[]`: an authority's characters, without `@` (no user info).
    private static func isAuthorityByte(_ byte: UInt8) -> Bool {
        isUnreservedOrSubDelimiter(byte) || ":[]".utf8.contains(byte)
    }

    /// Every character RFC 3986 allows in a URI: unreserved, reserved and `%`.
    private static func isURIByte(_ byte: UInt8) -> Bool {
        isUnreservedOrSubDelimiter(byte) || ":/?#[]@".utf8.contains(byte)
    }

    private static func isUnreservedOrSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~%!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// A stable id a device generated for itself.
    static func deviceIDProblem(_ id: String) -> String? {
        guard (16...128).contains(id.count),
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else { return "must be 16–128 letters, digits, '-', '_' or '.'" }
        return nil
    }
}
