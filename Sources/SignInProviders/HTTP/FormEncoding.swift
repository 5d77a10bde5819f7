/// Percent-encoding for query strings and `application/x-www-form-urlencoded` bodies.
///
/// Everything but RFC 3986's unreserved characters is escaped, so a value can never be mistaken for a
/// separator (`&`, `=`, `+`, `|`, ...), whichever of the two formats the other side parses.
enum FormEncoding {
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    static func escape(_ value: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                escaped.append(byte)
            } else {
                escaped.append(UInt8(ascii: "%"))
                escaped.append(Hex.uppercaseDigits[Int(byte >> 4)])
                escaped.append(Hex.uppercaseDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

/// Endpoint URLs built from a configured base URL.
enum EndpointURL {
    /// `base` + `path` (+ `?query`), tolerating a base URL with or without a trailing slash.
    static func make(_ base: String, path: String, query: [(String, String)] = []) -> String {
        var root = Substring(base)
        while root.hasSuffix("/") { root = root.dropLast() }
        let url = String(root) + path
        return query.isEmpty ? url : url + "?" + FormEncoding.encode(query)
    }
}
