import Foundation
import SwiftASN1
import X509

/// Settings for Game Center sign-in (GameKit's identity verification signature).
///
/// The server trusts a key certificate only when it chains to one of `trustedRoots` (Apple's CA in
/// production, which the operator supplies as a file; a test's own root in tests). GameKit's key URL
/// serves the leaf alone, so any intermediate the chain needs is supplied here too.
public struct GameCenterSignInConfiguration: Sendable {
    /// The apps whose players may sign in (`gamecenter_bundle_ids`). Empty means not configured.
    public var bundleIDs: [String]
    /// Hosts the public key may be fetched from: a URL's host must equal one or end in `.` and one.
    public var keyHosts: [String]
    /// Self-signed certificates the key certificate must chain to.
    var trustedRoots: [Certificate]
    /// Other certificates a chain may pass through.
    var intermediates: [Certificate]

    /// Apple serves Game Center keys from `static.gc.apple.com`.
    public static let defaultKeyHosts = ["apple.com"]

    /// Not configured: every Game Center sign-in answers `notConfigured`.
    public init() {
        bundleIDs = []
        keyHosts = Self.defaultKeyHosts
        trustedRoots = []
        intermediates = []
    }

    /// - Parameter certificatesPEM: one or more PEM certificates; the self-signed ones are the trusted
    ///   roots and the others intermediates (so one file holds Apple's root and its issuing CA).
    public init(bundleIDs: [String], certificatesPEM: String, keyHosts: [String] = Self.defaultKeyHosts) throws(GameCenterConfigurationError) {
        self.bundleIDs = bundleIDs.filter { !$0.isEmpty }
        self.keyHosts = keyHosts.map { $0.lowercased() }.filter { !$0.isEmpty }
        let certificates: [Certificate]
        do {
            certificates = try PEMDocument.parseMultiple(pemString: certificatesPEM).map { try Certificate(pemDocument: $0) }
        } catch {
            throw GameCenterConfigurationError("the trusted certificates are not PEM certificates: \(error)")
        }
        trustedRoots = certificates.filter { $0.issuer == $0.subject }
        intermediates = certificates.filter { $0.issuer != $0.subject }
        guard !trustedRoots.isEmpty else { throw GameCenterConfigurationError("the trusted certificates hold no self-signed root") }
    }

    /// Whether any bundle id and a root are set; without both no signature can be accepted.
    public var isConfigured: Bool { !bundleIDs.isEmpty && !trustedRoots.isEmpty }

    /// Whether `host` is one the key may come from (case-insensitive, whole labels only).
    func allowsKeyHost(_ host: String) -> Bool {
        let host = host.lowercased()
        return keyHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}

/// Why Game Center settings could not be read.
public struct GameCenterConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
