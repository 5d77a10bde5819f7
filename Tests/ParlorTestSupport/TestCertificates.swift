import Crypto
import Foundation
import SwiftASN1
import X509

/// Certificates made in the test process: a root, certificates it issues (intermediates,
/// leaves, a TLS server for 127.0.0.1), with any extension a test needs (Apple's marker OIDs).
public struct TestCertificateAuthority: Sendable {
    public let certificate: Certificate
    public let key: P256.Signing.PrivateKey

    /// A self-signed root valid from an hour before `now` for `days` days.
    public init(name: String, now: Date = Date(), days: Int = 3650) throws {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name); OrganizationName("Parlor Tests") }
        self.key = key
        self.certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + Double(days) * 86400, issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            },
            issuerPrivateKey: .init(key))
    }

    init(certificate: Certificate, key: P256.Signing.PrivateKey) {
        self.certificate = certificate
        self.key = key
    }

    /// A certificate this one issues: a CA (intermediate) or a leaf, with `markers` as
    /// non-critical extensions holding ASN.1 NULL, valid from `notBefore` to `notAfter`.
    public func issue(
        name: String, authority: Bool, markers: [ASN1ObjectIdentifier] = [], notBefore: Date? = nil, notAfter: Date? = nil,
        subjectAlternativeNames: [GeneralName] = []
    ) throws -> TestCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        let extensions = try Certificate.Extensions {
            if authority {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            } else {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
            }
            if !subjectAlternativeNames.isEmpty { SubjectAlternativeNames(subjectAlternativeNames) }
        }
        var all = extensions
        for marker in markers { try all.append(Certificate.Extension(oid: marker, critical: false, value: [0x05, 0x00])) }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: notBefore ?? now - 3600,
            notValidAfter: notAfter ?? now + 365 * 86400, issuer: self.certificate.subject,
            subject: try DistinguishedName { CommonName(name); OrganizationName("Parlor Tests") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: all, issuerPrivateKey: .init(self.key))
        return TestCertificateAuthority(certificate: certificate, key: key)
    }

    /// A TLS server certificate for 127.0.0.1 and localhost.
    public func issueServer() throws -> TestCertificateAuthority {
        try issue(name: "localhost", authority: false, subjectAlternativeNames: [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
    }

    public var der: [UInt8] {
        var serializer = DER.Serializer()
        // A certificate this type built always serializes.
        try? serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    public var pem: String { (try? certificate.serializeAsPEM().pemString) ?? "" }
}
