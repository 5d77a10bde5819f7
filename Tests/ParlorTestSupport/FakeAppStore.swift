import Crypto
import Foundation
import SwiftASN1
import X509

/// Signs what the App Store signs, with a chain of its own: a root (which the server under test
/// pins instead of Apple's), an intermediate and a leaf carrying Apple's marker extensions unless
/// a test leaves them out. Payloads are JSON objects with Apple's field names.
public struct FakeAppStore: Sendable {
    public let root: TestCertificateAuthority
    public let intermediate: TestCertificateAuthority
    public let leaf: TestCertificateAuthority

    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

    public init(
        leafMarker: Bool = true, intermediateMarker: Bool = true, leafNotBefore: Date? = nil, leafNotAfter: Date? = nil
    ) throws {
        root = try TestCertificateAuthority(name: "Fake Apple Root CA - G3")
        intermediate = try root.issue(name: "Fake WWDR", authority: true, markers: intermediateMarker ? [Self.intermediateMarker] : [])
        leaf = try intermediate.issue(
            name: "Fake StoreKit Signer", authority: false, markers: leafMarker ? [Self.leafMarker] : [], notBefore: leafNotBefore,
            notAfter: leafNotAfter)
    }

    public var rootPEM: String { root.pem }

    /// A compact JWS of `payload`, `x5c` leaf to root (or `chain` to override it).
    public func sign(_ payload: [String: Any], alg: String = "ES256", chain: [TestCertificateAuthority]? = nil) throws -> String {
        let certificates = (chain ?? [leaf, intermediate, root]).map { Data($0.der).base64EncodedString() }
        let header = try JSONSerialization.data(withJSONObject: ["alg": alg, "x5c": certificates])
        let body = try JSONSerialization.data(withJSONObject: payload)
        let input = Self.base64URL(header) + "." + Self.base64URL(body)
        let signature = try (chain?.first ?? leaf).key.signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + Self.base64URL(signature)
    }

    /// A StoreKit 2 transaction's payload; `fields` override or add.
    public static func transaction(
        id: String = UUID().uuidString, original: String? = nil, product: String, type: String, bundle: String = "com.quortex.app",
        environment: String = "Sandbox", signed: Date = Date(), expires: Date? = nil, user: String? = nil, fields: [String: Any] = [:]
    ) -> [String: Any] {
        var payload: [String: Any] = [
            "transactionId": id, "originalTransactionId": original ?? id, "bundleId": bundle, "productId": product,
            "purchaseDate": millis(signed), "quantity": 1, "type": type, "signedDate": millis(signed), "environment": environment,
            "inAppOwnershipType": "PURCHASED",
        ]
        if let expires { payload["expiresDate"] = millis(expires) }
        if let user { payload["appAccountToken"] = user }
        for (key, value) in fields { payload[key] = value }
        return payload
    }

    /// An App Store Server Notification v2's `signedPayload`.
    public func notification(
        type: String, subtype: String? = nil, uuid: String = UUID().uuidString, transaction: [String: Any]?, renewal: [String: Any]? = nil,
        bundle: String = "com.quortex.app", environment: String = "Sandbox", signed: Date = Date()
    ) throws -> String {
        var data: [String: Any] = ["bundleId": bundle, "environment": environment]
        if let transaction { data["signedTransactionInfo"] = try sign(transaction) }
        if let renewal { data["signedRenewalInfo"] = try sign(renewal) }
        var payload: [String: Any] = [
            "notificationType": type, "notificationUUID": uuid, "data": data, "version": "2.0", "signedDate": Self.millis(signed),
        ]
        if let subtype { payload["subtype"] = subtype }
        return try sign(payload)
    }

    public static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
