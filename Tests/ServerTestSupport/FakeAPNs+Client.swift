import ApplePush
import AsyncHTTPClient
import Foundation
import NIOSSL
import ParlorNotifications
import ParlorTestSupport

/// An HTTP client that trusts the fake's root, as production's trusts the system's.
package func apnsClient(trusting fake: FakeAPNs) throws -> HTTPClient {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(fake.rootPEM.utf8)))
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(tlsConfiguration: tls))
}

package func apnsTransport(_ fake: FakeAPNs, client: HTTPClient, now: @escaping @Sendable () -> Date = Date.init) throws -> APNsHTTPTransport {
    APNsHTTPTransport(
        client: client, provider: try APNsProviderToken(keyID: fake.keyID, teamID: fake.teamID, pem: fake.providerKeyPEM),
        hosts: [.sandbox: fake.url, .production: fake.url], now: now)
}
