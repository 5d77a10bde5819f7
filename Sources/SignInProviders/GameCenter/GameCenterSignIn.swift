import Crypto
import CryptoExtras
import Foundation
// The fixed-time policy: validity is checked at the verifier's clock (injected), not the machine's.
@_spi(FixedExpiryValidationTime) import X509

/// Game Center: verifies GameKit's identity verification signature, as Apple documents it.
///
/// The key URL must be https on an allowed (Apple) host; the certificate there must chain to a
/// trusted root and be valid now; its RSA key must have signed (SHA-256, PKCS #1 v1.5) the player id,
/// bundle id, timestamp and salt; the bundle id must be one of ours and the timestamp within
/// `allowedSkew` of now, so an intercepted signature is soon useless.
struct GameCenterSignIn: Sendable {
    static let allowedSkew: TimeInterval = 5 * 60
    /// Apple's keys are 4096-bit; anything under 2048 is not theirs.
    static let minimumKeyBits = 2048

    private let configuration: GameCenterSignInConfiguration
    private let keys: GameCenterKeyCache
    private let now: @Sendable () -> Date

    init(configuration: GameCenterSignInConfiguration, http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.keys = GameCenterKeyCache(http: http, now: now)
        self.now = now
    }

    func signIn(_ credential: GameCenterCredential) async throws(SignInError) -> ExternalIdentity {
        // The cheap checks first: none of them needs the network.
        guard !credential.playerID.isEmpty else { throw invalid("player id is empty") }
        guard configuration.bundleIDs.contains(credential.bundleID) else { throw invalid("bundle id is not one of this server's apps") }
        let signedAt = Date(timeIntervalSince1970: Double(credential.timestamp) / 1000)
        guard abs(signedAt.timeIntervalSince(now())) <= Self.allowedSkew else {
            throw invalid("signature timestamp is not within 5 minutes of now")
        }
        let url = try keyURL(credential.publicKeyURL)
        let certificate = try await keys.certificate(at: url)
        try await verifyChain(certificate)
        guard let key = _RSA.Signing.PublicKey(certificate.publicKey), key.keySizeInBits >= Self.minimumKeyBits else {
            throw invalid("public key certificate does not hold an RSA key of at least 2048 bits")
        }
        let signature = _RSA.Signing.RSASignature(rawRepresentation: credential.signature)
        guard key.isValidSignature(signature, for: SHA256.hash(data: credential.signedBytes), padding: .insecurePKCS1v1_5) else {
            throw invalid("signature does not verify")
        }
        return ExternalIdentity(provider: .gamecenter, subject: credential.playerID)
    }

    /// The key URL, if it is https on an allowed host with no credentials in it.
    private func keyURL(_ text: String) throws(SignInError) -> URL {
        guard let components = URLComponents(string: text), let url = components.url else { throw invalid("public key URL is not a URL") }
        guard components.scheme?.lowercased() == "https" else { throw invalid("public key URL is not https") }
        guard components.user == nil, components.password == nil, let host = components.host, !host.isEmpty,
            configuration.allowsKeyHost(host)
        else {
            throw invalid("public key URL is not on an Apple host")
        }
        return url
    }

    private func verifyChain(_ certificate: Certificate) async throws(SignInError) {
        let time = now()
        var verifier = Verifier(rootCertificates: CertificateStore(configuration.trustedRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: time)
        }
        let result = await verifier.validate(leaf: certificate, intermediates: CertificateStore(configuration.intermediates))
        guard case .validCertificate = result else {
            // Say which of the two common failures it is; the verifier's own reasons are long.
            if time < certificate.notValidBefore || time > certificate.notValidAfter {
                throw invalid("public key certificate is expired or not yet valid")
            }
            throw invalid("public key certificate does not chain to a trusted root")
        }
    }

    private func invalid(_ reason: String) -> SignInError { .invalidCredential(provider: .gamecenter, reason: reason) }
}
