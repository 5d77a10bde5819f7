import Crypto
import Foundation

/// Random tokens, their stored hashes, and comparisons that take the same time whatever the input.
package enum Secrets {
    /// `bytes` random bytes, base64url without padding: 32 bytes give the 256 bits a bearer secret needs.
    package static func randomToken(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let raw = (0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(raw).base64URLEncoded
    }

    /// The lowercase hex SHA-256 of `text`; what is stored for a token, so a leaked table grants nothing.
    package static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares without returning early at the first difference.
    package static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

extension Data {
    /// Decodes base64url without padding (standard base64 characters are refused).
    package init?(base64URLEncoded text: String) {
        guard text.utf8.allSatisfy({ byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }

    package var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension Date {
    /// Milliseconds since 1970, the form every timestamp column holds.
    package var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    package init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
}
