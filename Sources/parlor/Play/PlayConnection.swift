import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIAsyncHTTPClient
import ParlorClient

/// How `parlor play` reaches its server. AsyncHTTPClient's shared client retries a refused
/// connection until the request's one-minute deadline, which left a player at a blank screen
/// with no word of what was wrong; here a connection that is refused fails at once and one that
/// does not open within five seconds is given up. Mid-game that sends a move to the offline
/// queue at once instead of a minute later.
enum PlayConnection {
    /// Lives as long as the process (a client must be shut down before it is released).
    private static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .seconds(5)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    static func client(_ url: URL, store: any CredentialStore) -> ParlorClient {
        ParlorClient(serverURL: url, transport: AsyncHTTPClientTransport(configuration: .init(client: http, timeout: .seconds(30))), store: store)
    }

    /// Runs the first calls to the server: one that finds no server (no answer at all, as
    /// opposed to an answer refusing something) is said in one line with the unavailable status.
    static func reaching<T>(_ server: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ParlorError where error.status == nil && [.networkUnavailable, .timeout].contains(error.kind) {
            throw CommandFailure(.unavailable, "cannot reach the server at \(server): \(reason(error))")
        } catch let error as ParlorError where error.kind == .unexpectedResponse {
            // Something answers there, but not Parlor (another service, a proxy's page).
            throw CommandFailure(.unavailable, "\(server) does not answer as a Parlor server: \(error.message)")
        }
    }

    /// The cause in a few words, not the transport's whole error chain.
    private static func reason(_ error: ParlorError) -> String {
        let text = error.message.lowercased()
        if error.kind == .timeout || text.contains("timeout") { return "no answer within five seconds" }
        if text.contains("refused") { return "connection refused" }
        if text.contains("unknownhost") || text.contains("dns error") || text.contains("not known") { return "unknown host" }
        if text.contains("unreachable") { return "network unreachable" }
        return error.message
    }
}
