import Crypto

/// Hexadecimal text for bytes.
enum Hex {
    static let lowercaseDigits = Array("0123456789abcdef".utf8)
    static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

    /// Lowercase, as providers print digests.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(lowercaseDigits[Int(byte >> 4)])
            text.append(lowercaseDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

enum Digests {
    /// Hex SHA-256 of the UTF-8 text: what Apple puts in `nonce` for the client's raw nonce.
    static func sha256Hex(_ text: String) -> String {
        Hex.encode(SHA256.hash(data: Array(text.utf8)))
    }

    /// Hex HMAC-SHA256, as Facebook's `appsecret_proof` (key: app secret, message: access token).
    static func hmacSHA256Hex(key: String, message: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: Array(key.utf8)))
        return Hex.encode(code)
    }

    /// Compares without stopping at the first difference, so timing does not reveal how much matched.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        // Lengths are not secret (a nonce's length is fixed by its format); the loop still runs over the
        // longer input so that the work done never depends on where the inputs first differ.
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }
}
