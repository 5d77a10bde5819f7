import Foundation
import OpenAPIRuntime

/// What may reach the log of a request that failed: never a credential.
///
/// A log line outlives the token it would carry, and is read by more people than the database; so
/// an error is described by its operation and its cause, not by the request it came with, and any
/// text that is logged is scrubbed of bearer tokens, JWTs and the values of secret fields first.
package enum LogRedaction {
    package static let placeholder = "<redacted>"

    /// Field names whose values are credentials, in any of the spellings a log can hold them:
    /// JSON (`refresh_token`), Swift's reflection of a decoded body (`refreshToken`), a header
    /// (`Authorization`) or a query (`code=`).
    static let secretFields = [
        "authorization", "password", "new_password", "current_password", "passcode", "secret", "client_secret",
        "token", "access_token", "refresh_token", "id_token", "identity_token", "device_token", "code", "authorization_code",
        "code_verifier", "signed_payload", "signed_transaction", "signed_transaction_info", "signed_renewal_info", "jws", "api_key",
    ]

    /// `text` with every credential it holds replaced by ``placeholder``.
    package static func redact(_ text: String) -> String {
        var scrubbed = text
        for (pattern, template) in rules {
            scrubbed = pattern.stringByReplacingMatches(
                in: scrubbed, range: NSRange(scrubbed.startIndex..., in: scrubbed), withTemplate: template)
        }
        return scrubbed
    }

    /// What to log of an error that became a 500: the operation and the cause, scrubbed. The
    /// generated server's error carries the whole request, headers and decoded body included, so
    /// only its operation and its underlying error are described.
    package static func describe(_ error: any Error) -> String {
        if let server = error as? ServerError {
            return redact("\(server.operationID): \(String(reflecting: server.underlyingError))")
        }
        return redact(String(reflecting: error))
    }

    private static let rules: [(NSRegularExpression, String)] = {
        // `refresh_token` also matches `refreshToken`, `RefreshToken` and `refresh-token`.
        let names = secretFields.map { $0.split(separator: "_").map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "[_-]?") }
        let field = "(?:\(names.joined(separator: "|")))"
        return [
            // A scheme and its credential, wherever they stand.
            (#"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+"#, "$1 \(placeholder)"),
            // A JWT or a JWS (a signed App Store payload), with or without its field name.
            (#"eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*"#, placeholder),
            // A cookie header holds several pairs, any of them a session: all of it goes.
            (#"(?i)(\b(?:set[_-]?)?cookie"?\s*[:=]\s*)[^,\]\n]+"#, "$1\(placeholder)"),
            // "name": "value", name: "value" (JSON, or a reflected Swift value), its quotes kept…
            (#"(?i)("?\b"# + field + #""?\s*[:=]\s*)"(?:[^"\\]|\\.)*""#, "$1\"\(placeholder)\""),
            // …and name=value, name: value (a query, a header), up to the value's end.
            (#"(?i)("?\b"# + field + #""?\s*[:=]\s*)[^\s"<,;&)\]}]+"#, "$1\(placeholder)"),
        ].map { pattern, template in
            // The patterns are constants; one that does not compile is a programming error caught by the tests.
            (try! NSRegularExpression(pattern: pattern), template)
        }
    }()
}
