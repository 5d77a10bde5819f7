import Foundation

/// Base64url without padding (RFC 7515 §2), as used by every part of a compact JWT.
enum Base64URL {
    static func decode(_ text: Substring) -> [UInt8]? {
        // Padding and standard-alphabet characters are not part of the format; refusing them keeps
        // exactly one encoding per token, so a token cannot be altered and still verify.
        guard text.utf8.allSatisfy(isAlphabet) else { return nil }
        var standard = String(text).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        switch standard.utf8.count % 4 {
        case 0: break
        case 2: standard += "=="
        case 3: standard += "="
        default: return nil
        }
        return Data(base64Encoded: standard).map { Array($0) }
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
