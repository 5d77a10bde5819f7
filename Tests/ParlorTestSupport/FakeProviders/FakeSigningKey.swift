import Crypto
import CryptoExtras
import Foundation

/// A key the fake signs tokens with and may publish in a JWKS.
struct FakeSigningKey: Sendable {
    enum Material: Sendable {
        case rsa(_RSA.Signing.PrivateKey)
        case p256(P256.Signing.PrivateKey)
    }

    let kid: String
    let material: Material

    var algorithm: String {
        switch material {
        case .rsa: "RS256"
        case .p256: "ES256"
        }
    }

    /// The public half as a JWK, as Apple and Facebook publish it.
    var publicJWK: FakeJSON {
        switch material {
        case .rsa(let key):
            let primitives = try? key.publicKey.getKeyPrimitives()
            return [
                "kty": "RSA", "kid": .string(kid), "use": "sig", "alg": "RS256",
                "n": .string(FakeBase64URL.encode(primitives?.modulus ?? Data())),
                "e": .string(FakeBase64URL.encode(primitives?.publicExponent ?? Data())),
            ]
        case .p256(let key):
            // The raw public key is x followed by y, 32 bytes each.
            let raw = Array(key.publicKey.rawRepresentation)
            return [
                "kty": "EC", "kid": .string(kid), "use": "sig", "alg": "ES256", "crv": "P-256",
                "x": .string(FakeBase64URL.encode(raw.prefix(32))),
                "y": .string(FakeBase64URL.encode(raw.suffix(32))),
            ]
        }
    }

    func sign(_ input: [UInt8]) throws -> [UInt8] {
        switch material {
        case .rsa(let key):
            Array(try key.signature(for: SHA256.hash(data: input), padding: .insecurePKCS1v1_5).rawRepresentation)
        case .p256(let key):
            // JWS wants r || s, which is CryptoKit's raw representation.
            Array(try key.signature(for: input).rawRepresentation)
        }
    }
}

/// RSA-2048 keys shared by every fake in the process.
///
/// Generating one takes a noticeable fraction of a second; each fake needs a few distinct keys, but two
/// fakes never need different ones, so the n-th key of every fake is the same pooled key.
actor FakeRSAKeyPool {
    static let shared = FakeRSAKeyPool()
    private var keys: [_RSA.Signing.PrivateKey] = []

    func key(_ index: Int) throws -> _RSA.Signing.PrivateKey {
        while keys.count <= index {
            keys.append(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
        return keys[index]
    }
}

/// The algorithm a fake token is signed with: the accepted ones, and the ones a verifier must refuse.
public enum FakeTokenAlgorithm: Sendable {
    case rs256
    case es256
    /// `alg: none` and an empty signature.
    case none
    /// HS256 keyed with the published RSA key, the classic algorithm-confusion forgery.
    case hs256
}

/// Builds compact JWTs.
enum FakeJWT {
    static func make(header: FakeJSON, claims: FakeJSON, sign: ([UInt8]) throws -> [UInt8]) rethrows -> String {
        let signingInput = FakeBase64URL.encode(header.data()) + "." + FakeBase64URL.encode(claims.droppingNulls.data())
        let signature = try sign(Array(signingInput.utf8))
        return signingInput + "." + FakeBase64URL.encode(signature)
    }

    /// The token with its claims replaced but its signature kept: what an attacker editing a token gets.
    static func tampered(_ token: String, claims: FakeJSON) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return token }
        return "\(parts[0]).\(FakeBase64URL.encode(claims.droppingNulls.data())).\(parts[2])"
    }

    static func hmacSHA256(_ input: [UInt8], key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: input, using: SymmetricKey(data: key)))
    }
}
