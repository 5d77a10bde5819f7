import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second
/// steps — what every authenticator app makes by default.
package struct TOTP: Sendable {
    package static let digits = 6
    package static let stepSeconds: Int64 = 30

    package let key: [UInt8]

    package init(key: [UInt8]) { self.key = key }

    /// A new 160-bit key (RFC 4226's recommended length).
    package static func newKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    package static func step(at unixSeconds: Int64) -> Int64 { unixSeconds / stepSeconds }

    /// The code of time step `step`, zero-padded.
    package func code(step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let value = binary % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: Self.digits - text.count) + text
    }

    /// The step `code` belongs to, if it is this step's or a neighbour's (a clock a step off),
    /// and later than `after` (a code is good once).
    package func matchingStep(_ code: String, at unixSeconds: Int64, after: Int64) -> Int64? {
        let trimmed = code.filter { !$0.isWhitespace }
        guard trimmed.count == Self.digits, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) else { return nil }
        let now = Self.step(at: unixSeconds)
        for step in [now, now - 1, now + 1] where step > after {
            if constantTimeEqual(self.code(step: step), trimmed) { return step }
        }
        return nil
    }

    /// The `otpauth://` address an authenticator app reads (typed in, or from a QR code).
    package func provisioningURI(account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed) ?? account
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(Base32.encode(key))&issuer=\(issuerParameter)&algorithm=SHA1&digits=6&period=30"
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
