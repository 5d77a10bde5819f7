import Foundation

/// A compact-serialised JWS (`header.payload.signature`) split and decoded, but not yet trusted.
struct CompactJWT: Sendable {
    /// The header fields this module acts on; the rest are ignored.
    struct Header: Decodable, Sendable {
        var alg: String?
        var kid: String?
        /// Extensions the signer says must be understood; we understand none.
        var crit: [String]?
    }

    /// Real identity tokens are around a kilobyte; a cap keeps decoding cheap for junk input.
    static let maximumLength = 16 * 1024

    let header: Header
    let payload: [UInt8]
    let signature: [UInt8]
    /// The bytes the signature covers: the encoded header and payload with the dot between them.
    let signingInput: [UInt8]

    init?(_ token: String) {
        guard token.utf8.count <= Self.maximumLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]),
            let payload = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes))
        else { return nil }
        self.header = header
        self.payload = payload
        self.signature = signature
        self.signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
    }
}
