import ParlorAPI
import ServerTestSupport
import AsyncHTTPClient
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import ParlorClient
import Testing

/// Every failure reaches the app as one ``ParlorError`` with the server's code, message, status
/// and a recovery suggestion.
@Suite("Client errors", .timeLimit(.minutes(2)))
struct ClientErrorTests {
    @Test("the server's errors arrive typed: invalid fields, not found, payment, not signed in")
    func serverErrors() async throws {
        try await withOnlinePlayServer { server in
            let plain = Client(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            let credentials = try await ClientSessionTests.signIn(plain)
            let session = ParlorSession(store: MemoryCredentialStore(credentials), renew: ParlorSession.renewal(through: plain))
            let client = Client(
                serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client),
                middlewares: [ErrorEnvelopeMiddleware(), SessionMiddleware(session: session)])

            let invalid = await Self.failure {
                _ = try await client.registerPushDevice(
                    body: .json(.init(token: "xyz", environment: .sandbox, bundleId: "com.quortex.app", kind: .alert)))
            }
            #expect(invalid?.kind == .invalidInput && invalid?.status == 400 && invalid?.code == "invalid_fields")
            #expect(invalid?.fields.map(\.field) == ["token"])
            #expect(invalid?.recoverySuggestion == "Check token.")

            let missing = await Self.failure { _ = try await client.getGame(path: .init(gameID: UUID().uuidString.lowercased())) }
            #expect(missing?.kind == .notFound && missing?.status == 404 && missing?.message.hasPrefix("there is no game") == true)

            let broke = await Self.failure {
                _ = try await client.usePurchase(body: .json(.init(bundleId: "com.quortex.app", item: .undo, useId: "u1")))
            }
            #expect(broke?.kind == .paymentRequired && broke?.code == "no_undos_left" && broke?.status == 402)

            try await session.signOut()
            let signedOut = await Self.failure { _ = try await client.getMe() }
            #expect(signedOut?.kind == .notAuthenticated && signedOut?.recoverySuggestion == "Please sign in again.")

            // A success is an ordinary output.
            let catalogue = try await parlorCall { try await client.listGameCatalogue() }
            if case .ok = catalogue {} else { Issue.record("the catalogue was not read") }
        }
    }

    @Test("no server, a timeout, a rate limit and an unreadable answer are typed too")
    func transportErrors() async throws {
        // Refused at once rather than retried until the connect timeout, as an app wants to know.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let nowhere = Client(
            serverURL: try #require(URL(string: "http://127.0.0.1:9")), transport: AsyncHTTPClientTransport(configuration: .init(client: http)))
        let unreachable = await Self.failure { _ = try await nowhere.listGameCatalogue() }
        try await http.shutdown()
        #expect(unreachable?.kind == .networkUnavailable && unreachable?.status == nil && unreachable?.code == "network_unavailable")
        #expect(ParlorError(HTTPClientError.deadlineExceeded).kind == .timeout)
        let limited = ParlorError(status: 429, body: Data(#"{"error":{"code":"rate_limited","message":"slow down"}}"#.utf8), retryAfter: "7")
        #expect(limited.kind == .rateLimited && limited.retryAfter == 7 && limited.recoverySuggestion == "Too many tries; wait 7 seconds.")
        let proxy = ParlorError(status: 502, body: Data("<html>bad gateway</html>".utf8))
        #expect(proxy.kind == .serverError && proxy.code == "http_502")
        let turn = ParlorError(status: 422, body: Data(#"{"error":{"code":"not_your_turn","message":"wait"}}"#.utf8))
        #expect(turn.kind == .notYourTurn && turn.recoverySuggestion == "Wait for your turn.")
    }

    static func failure(_ call: () async throws -> Void) async -> ParlorError? {
        do {
            try await parlorCall(call)
            return nil
        } catch {
            return error
        }
    }
}
