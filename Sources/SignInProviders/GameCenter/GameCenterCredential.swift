import Foundation

/// What GameKit's `fetchItems(forIdentityVerificationSignature:)` hands the app, decoded.
public struct GameCenterCredential: Sendable, Equatable {
    /// `teamPlayerID` or `gamePlayerID`: the player the signature vouches for.
    public var playerID: String
    public var bundleID: String
    public var publicKeyURL: String
    public var signature: [UInt8]
    public var salt: [UInt8]
    /// Milliseconds since 1970, as GameKit gives it.
    public var timestamp: UInt64

    public init(playerID: String, bundleID: String, publicKeyURL: String, signature: [UInt8], salt: [UInt8], timestamp: UInt64) {
        self.playerID = playerID
        self.bundleID = bundleID
        self.publicKeyURL = publicKeyURL
        self.signature = signature
        self.salt = salt
        self.timestamp = timestamp
    }

    /// The bytes GameKit signs: player id and bundle id in UTF-8, the timestamp as a big-endian
    /// UInt64, then the salt.
    public var signedBytes: [UInt8] {
        var bytes = Array(playerID.utf8) + Array(bundleID.utf8)
        withUnsafeBytes(of: timestamp.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes + salt
    }
}
