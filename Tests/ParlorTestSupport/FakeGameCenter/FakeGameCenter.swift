import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SwiftASN1
import Synchronization
import X509

/// A fake of Game Center's key host: HTTPS on loopback serving key certificates as Apple does
/// (`/public-key/<name>.cer`, DER, with `Cache-Control`), plus what a test needs to make GameKit's
/// identity verification signatures with that key.
///
/// Its certificates: `good` (an RSA key issued by ``rootPEM``, the root the server is told to
/// trust), `expired` (the same key, its certificate out of date), `stranger` (the same key,
/// issued by another root).
public final class FakeGameCenter: Sendable {
    /// `https://localhost:<port>`: the host a test allows as "Apple's".
    public let baseURL: URL
    /// The root the server must trust for key certificates (not the TLS root).
    public let rootPEM: String
    /// The TLS root an HTTP client must trust to reach the fake.
    public let tlsRootPEM: String
    /// The port, for URLs on other hosts or schemes.
    public let port: Int

    let state: FakeGameCenterState

    init(port: Int, tlsRootPEM: String, state: FakeGameCenterState) {
        self.port = port
        // Built from a port number, so it always parses.
        baseURL = URL(string: "https://localhost:\(port)")!
        self.rootPEM = state.root.pem
        self.tlsRootPEM = tlsRootPEM
        self.state = state
    }

    /// The URL of one of the fake's certificates (`good`, `expired`, `stranger`).
    public func keyURL(_ name: String = "good") -> String { baseURL.absoluteString + "/public-key/\(name).cer" }

    /// Requests the fake received for key certificates.
    public var fetches: Int { state.fetches.withLock { $0 } }

    /// GameKit's signature over `playerID ‖ bundleID ‖ timestamp (UInt64 BE) ‖ salt`, base64, made
    /// with the fake's key.
    public func sign(playerID: String, bundleID: String, timestamp: UInt64, salt: [UInt8]) throws -> String {
        var bytes = Array(playerID.utf8) + Array(bundleID.utf8)
        withUnsafeBytes(of: timestamp.bigEndian) { bytes.append(contentsOf: $0) }
        bytes += salt
        let signature = try state.key.signature(for: SHA256.hash(data: bytes), padding: .insecurePKCS1v1_5)
        return Data(signature.rawRepresentation).base64EncodedString()
    }

    public static func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: (FakeGameCenter) async throws -> Result
    ) async throws -> Result {
        let state = try FakeGameCenterState()
        return try await LoopbackServer.runTLS(router: state.router(), label: "Fake Game Center") { port, tlsRoot in
            try await body(FakeGameCenter(port: port, tlsRootPEM: tlsRoot, state: state))
        }
    }
}

/// The fake's keys and certificates, made once per run.
final class FakeGameCenterState: Sendable {
    let root: TestCertificateAuthority
    let key: _RSA.Signing.PrivateKey
    let certificates: [String: [UInt8]]
    let fetches = Mutex(0)

    init() throws {
        root = try TestCertificateAuthority(name: "Fake Apple Game Center Root")
        let stranger = try TestCertificateAuthority(name: "Someone Else's Root")
        key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let now = Date()
        certificates = [
            "good": try Self.leaf(key.publicKey, issuer: root, from: now - 3600, to: now + 86400),
            "expired": try Self.leaf(key.publicKey, issuer: root, from: now - 3 * 86400, to: now - 86400),
            "stranger": try Self.leaf(key.publicKey, issuer: stranger, from: now - 3600, to: now + 86400),
        ]
    }

    /// A code-signing leaf for an RSA key, as Apple's `gc-prod-*.cer` is.
    private static func leaf(_ key: _RSA.Signing.PublicKey, issuer: TestCertificateAuthority, from: Date, to: Date) throws -> [UInt8] {
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key), notValidBefore: from, notValidAfter: to,
            issuer: issuer.certificate.subject,
            subject: try DistinguishedName { CommonName("Apple Inc. Game Center"); OrganizationName("Parlor Tests") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.codeSigning])
            },
            issuerPrivateKey: .init(issuer.key))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/public-key/:name") { _, context -> Response in
            self.fetches.withLock { $0 += 1 }
            let name = (context.parameters.get("name") ?? "").replacingOccurrences(of: ".cer", with: "")
            guard let der = self.certificates[name] else { return Response(status: .notFound) }
            return Response(
                status: .ok, headers: [.contentType: "application/pkix-cert", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: der)))
        }
        return router
    }
}
