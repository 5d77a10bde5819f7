import Foundation
import JWTKit
import SwiftASN1
import X509

/// Verifies what the App Store signs (StoreKit 2 transactions, renewal info, server
/// notifications) before anything is granted, as Apple's App Store Server Library does: an ES256
/// JWS whose `x5c` is exactly three certificates, leaf to the pinned Apple Root CA - G3; Apple's
/// marker extensions on the leaf (1.2.840.113635.100.6.11.1) and the intermediate
/// (1.2.840.113635.100.6.2.1); every certificate valid when the payload says it was signed; the
/// signature made by the leaf. Revocation (OCSP) is not checked: it needs Apple's network.
package struct AppStoreVerifier: Sendable {
    let verifier: X5CVerifier
    /// The environments whose purchases this server grants (`Production`, `Sandbox`).
    package let environments: Set<String>

    package static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    package static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

    /// - Parameter rootPEM: the pinned root; Apple's by default, a test's own in tests.
    package init(rootPEM: String = AppleRootCertificate.g3PEM, environments: Set<String> = ["Production", "Sandbox"]) throws {
        verifier = try X5CVerifier(rootCertificates: [try Certificate(pemEncoded: rootPEM)])
        self.environments = environments
    }

    /// The verified payload of `jws`, or why it cannot be trusted.
    package func verify<Payload: SignedAtPayload>(_ jws: String, as type: Payload.Type) async throws(VerificationFailure) -> Payload {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, jws.utf8.count <= 64 * 1024 else { throw .malformed("not a compact JWS") }
        guard let header = Self.decodeJSON(String(parts[0])), header["alg"] as? String == "ES256" else {
            throw .malformed("the header must name ES256")
        }
        guard let x5c = header["x5c"] as? [String], x5c.count == 3 else { throw .untrusted("x5c must hold exactly three certificates") }
        // Read the signing time before anything is trusted; the chain must be valid at it, and
        // the signature check below refuses the payload if it was altered.
        guard let unverified = Self.decode(String(parts[1])), let signed = unverified["signedDate"] as? Double else {
            throw .malformed("the payload has no signedDate")
        }
        let signedAt = Date(timeIntervalSince1970: signed / 1000)
        do {
            return try await verifier.verifyJWS(
                Array(jws.utf8), as: Payload.self, jsonDecoder: JSONDecoder(), validationTime: .fixed(signedAt),
                policy: { AppleMarkerPolicy() })
        } catch let error as JWTError {
            throw .untrusted("\(error.reason ?? error.errorType.description)")
        } catch {
            throw .untrusted("\(error)")
        }
    }

    static func decode(_ part: String) -> [String: Any]? {
        var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    static func decodeJSON(_ part: String) -> [String: Any]? { decode(part) }
}

/// Why a signed payload was refused.
package enum VerificationFailure: Error, Equatable, CustomStringConvertible, Sendable {
    case malformed(String)
    case untrusted(String)

    package var description: String {
        switch self {
        case .malformed(let reason): "malformed: \(reason)"
        case .untrusted(let reason): "not signed by the App Store: \(reason)"
        }
    }
}

/// Apple's marker extensions: the leaf is a Mac App Store receipt signer, the intermediate
/// Apple's Worldwide Developer Relations CA.
struct AppleMarkerPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard chain.count == 3 else { return .failsToMeetPolicy(reason: "the chain is not leaf, intermediate, root") }
        guard chain[0].extensions[oid: AppStoreVerifier.leafMarker] != nil else {
            return .failsToMeetPolicy(reason: "the leaf lacks Apple's App Store receipt marker")
        }
        guard chain[1].extensions[oid: AppStoreVerifier.intermediateMarker] != nil else {
            return .failsToMeetPolicy(reason: "the intermediate lacks Apple's WWDR marker")
        }
        return .meetsPolicy
    }
}
