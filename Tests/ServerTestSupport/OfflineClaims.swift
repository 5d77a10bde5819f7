import JWTKit

/// What a mini app reads from a Parlor token after verifying it offline.
public struct OfflineClaims: JWTPayload {
    public var iss: String
    public var sub: String
    public var aud: String
    public var exp: Int64
    public var sid: String

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
