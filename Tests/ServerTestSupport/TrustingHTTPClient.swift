import AsyncHTTPClient
import NIOSSL

/// Runs `body` with an HTTP client that trusts `rootPEM` (a fake's TLS root, as production's
/// client trusts the system's) and does not retry a refused connection, shut down afterwards
/// whether or not `body` throws.
public func withHTTPClient<Result: Sendable>(
    trusting rootPEM: String, _ body: (HTTPClient) async throws -> Result
) async throws -> Result {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(rootPEM.utf8)))
    var http = HTTPClient.Configuration(tlsConfiguration: tls)
    http.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}
