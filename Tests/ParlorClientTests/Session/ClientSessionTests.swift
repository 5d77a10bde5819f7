import ParlorAPI
import ServerTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import ParlorClient
import ParlorTestSupport
import Synchronization
import Testing
import TestSupport

/// The SDK's session against the real server: refresh before expiry and after a 401, one refresh
/// for many calls, a refused refresh signing out cleanly.
@Suite("Client session", .timeLimit(.minutes(2)))
struct ClientSessionTests {
    @Test("fifty calls that all need a refresh cause exactly one, and all succeed", arguments: TestDatabaseKind.available)
    func oneRefreshForMany(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let plain = Client(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            var credentials = try await Self.signIn(plain)
            credentials.accessExpiresAt = Date().addingTimeInterval(-1)
            let session = ParlorSession(store: MemoryCredentialStore(credentials), renew: ParlorSession.renewal(through: plain))
            // Fifty calls at once over a pool of real connections, as an app's URLSession makes them.
            let port = try #require(server.client.port)
            let client = Client(
                serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), transport: AsyncHTTPClientTransport(configuration: .init(timeout: .seconds(60))),
                middlewares: [SessionMiddleware(session: session)])
            let statuses = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        if case .ok = try await client.getMe() { return true }
                        return false
                    }
                }
                var ok = 0
                for try await success in group where success { ok += 1 }
                return ok
            }
            #expect(statuses == 50)
            let stored = try #require(try await session.current())
            #expect(stored.refreshToken != credentials.refreshToken && stored.accessExpiresAt > Date())
            // The first refresh token was used once: using it again is refused as a replay.
            if case .ok = try await plain.refreshSession(body: .json(.init(refreshToken: credentials.refreshToken))) {
                Issue.record("an old refresh token was accepted twice")
            }
        }
    }

    @Test("a token the server refuses is refreshed once and the call sent again")
    func retryAfterUnauthorized() async throws {
        try await withOnlinePlayServer { server in
            let plain = Client(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            var credentials = try await Self.signIn(plain)
            credentials.accessToken = "not-a-token"
            let session = ParlorSession(store: MemoryCredentialStore(credentials), renew: ParlorSession.renewal(through: plain))
            let client = Client(
                serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client),
                middlewares: [SessionMiddleware(session: session)])
            guard case .ok(let me) = try await client.getMe() else { Issue.record("the retried call failed"); return }
            #expect(try me.body.json.id == credentials.userID)
            #expect(try await session.current()?.accessToken != "not-a-token")
        }
    }

    @Test("a refresh the server refuses signs the client out: store cleared, event sent, typed error")
    func refusedRefreshSignsOut() async throws {
        try await withOnlinePlayServer { server in
            let plain = Client(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            var credentials = try await Self.signIn(plain)
            // Someone else (a thief, a second copy of the app) used the refresh token first.
            guard case .ok = try await plain.refreshSession(body: .json(.init(refreshToken: credentials.refreshToken))) else {
                Issue.record("the first refresh failed")
                return
            }
            credentials.accessExpiresAt = Date().addingTimeInterval(-1)
            let store = MemoryCredentialStore(credentials)
            let session = ParlorSession(store: store, renew: ParlorSession.renewal(through: plain))
            var events = session.events.makeAsyncIterator()
            let client = Client(
                serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client),
                middlewares: [SessionMiddleware(session: session)])
            #expect(await Self.sessionError { _ = try await client.getMe() } == .sessionExpired)
            #expect(await events.next() == .signedOut(.sessionExpired))
            #expect(await store.load() == nil)
            #expect(await Self.sessionError { _ = try await client.getMe() } == .notSignedIn)
        }
    }

    @Test("the credential file is written 0600, read back, refused when others may read it, and cleared")
    func credentialFile() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("state/credentials.json")
            let store = FileCredentialStore(url: url)
            #expect(try await store.load() == nil)
            let credentials = ParlorCredentials(
                userID: "u", accessToken: "a", accessExpiresAt: Date(timeIntervalSince1970: 1_800_000_000), refreshToken: "r",
                refreshExpiresAt: Date(timeIntervalSince1970: 1_900_000_000))
            try await store.save(credentials)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(try await store.load() == credentials)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
            await #expect(throws: CredentialStoreError.unsafePermissions(path: url.path, mode: 0o644)) { _ = try await store.load() }
            try Data("{".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            await #expect(throws: CredentialStoreError.self) { _ = try await store.load() }
            try await store.clear()
            #expect(try await store.load() == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).isEmpty, "no temporary file left")
        }
    }

    /// The session error a call failed with (the OpenAPI runtime wraps what middleware throws).
    static func sessionError(_ call: () async throws -> Void) async -> ParlorSessionError? {
        do {
            try await call()
            return nil
        } catch let error as ClientError {
            return error.underlyingError as? ParlorSessionError
        } catch {
            return error as? ParlorSessionError
        }
    }

    static func signIn(_ client: Client) async throws -> ParlorCredentials {
        guard case .ok(let ok) = try await client.signInAsGuest(body: .json(.init(deviceId: UUID().uuidString))) else {
            throw TestSetupError("guest sign-in failed")
        }
        return ParlorCredentials(try ok.body.json, at: Date())
    }
}
