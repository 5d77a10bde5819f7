import Foundation
import ParlorHTTP

/// An ECDSA signature over P-256 has a twin: when (r, s) verifies, so does (r, n − s). Parlor signs
/// and accepts only the low form (s ≤ n/2), so each token has exactly one valid signature and no
/// second, different-looking token can be made from one that was issued.
enum ES256Signature {
    /// The order n of P-256's base point, big-endian.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]
    /// ⌊n/2⌋, big-endian: the largest low s.
    static let halfOrder: [UInt8] = [
        0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xDE, 0x73, 0x7D, 0x56, 0xD3, 0x8B, 0xCF, 0x42, 0x79, 0xDC, 0xE5, 0x61, 0x7E, 0x31, 0x92, 0xA8,
    ]

    /// Whether the compact JWS `token` carries a 64-byte signature whose s is in the low form.
    static func hasLowS(_ token: String) -> Bool {
        guard let raw = signature(of: token) else { return false }
        return !Array(raw[32...]).isGreater(than: halfOrder)
    }

    /// `token` with its signature in the low form; the same token when it already is.
    static func normalised(_ token: String) -> String {
        hasLowS(token) ? token : twin(of: token) ?? token
    }

    /// `token` with s replaced by n − s: the other signature that verifies the same claims.
    static func twin(of token: String) -> String? {
        guard let raw = signature(of: token), let dot = token.lastIndex(of: ".") else { return nil }
        return token[..<dot] + "." + Data(Array(raw[..<32]) + order.subtracting(Array(raw[32...]))).base64URLEncoded
    }

    /// The raw r‖s of a compact JWS, when it is 64 bytes of base64url.
    private static func signature(of token: String) -> [UInt8]? {
        guard let dot = token.lastIndex(of: "."), let data = Data(base64URLEncoded: String(token[token.index(after: dot)...])),
            data.count == 64
        else { return nil }
        return Array(data)
    }
}

extension [UInt8] {
    /// Compares two big-endian numbers of the same length.
    fileprivate func isGreater(than other: [UInt8]) -> Bool {
        for (a, b) in zip(self, other) where a != b { return a > b }
        return false
    }

    /// `self − other` for big-endian numbers of the same length, `self` the larger (n − s, s < n).
    fileprivate func subtracting(_ other: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var borrow = 0
        for index in indices.reversed() {
            var digit = Int(self[index]) - Int(other[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }
}
