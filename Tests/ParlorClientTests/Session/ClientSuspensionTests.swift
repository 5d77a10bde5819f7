import Foundation
import HTTPTypes
import OpenAPIRuntime
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// A suspended account through the SDK: the refresh the suspension forces signs the client out with
/// the suspension's end, every error says so in words, and signing in again is refused the same way.
@Suite("Client: a suspended account", .timeLimit(.minutes(2)))
struct ClientSuspensionTests {
    @Test("suspended: signed out with the end time, sign-in refused with it; banned: no end")
    func suspendedThenBanned() async throws {
        try await withOnlinePlayServer { server in
            let plain = Client(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            let device = UUID().uuidString
            guard case .ok(let ok) = try await plain.signInAsGuest(body: .json(.init(deviceId: device))) else {
                Issue.record("guest sign-in failed")
                return
            }
            let credentials = ParlorCredentials(try ok.body.json, at: Date())
            let store = MemoryCredentialStore(credentials)
            let session = ParlorSession(store: store, renew: ParlorSession.renewal(through: plain))
            var events = session.events.makeAsyncIterator()
            let client = Client(
                serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client),
                middlewares: [SessionMiddleware(session: session)])
            guard case .ok = try await client.getMe() else { Issue.record("not signed in"); return }

            let admin = try await server.admin()
            let until = Date().addingTimeInterval(3_600).formatted(.iso8601)
            let suspended = try await server.call(
                .post, "/admin/users/\(credentials.userID)/suspend", as: admin, body: #"{"until":"\#(until)","reason":"spam"}"#)
            #expect(suspended.status == 200, "\(suspended)")
            let end = try Date(until, strategy: .iso8601)

            // The suspension ended the session: the call's refresh is refused, and the client signs out.
            var thrown: (any Error)?
            do { _ = try await client.getMe() } catch { thrown = error }
            let error = ParlorError(try #require(thrown))
            #expect(error.kind == .accountSuspended && error.code == "account_suspended")
            #expect(error.suspendedUntil == end)
            #expect(error.recoverySuggestion.hasPrefix("This account is suspended until"))
            #expect(await events.next() == .signedOut(.accountSuspended(until: end)))
            #expect(await store.load() == nil, "the refused session is forgotten")

            // Signing in again through the SDK is refused with the same words.
            let sdk = ParlorClient(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: server.client))
            do {
                _ = try await sdk.signIn(.guest(deviceID: device))
                Issue.record("a suspended account signed in")
            } catch let refused as ParlorError {
                #expect(refused.kind == .accountSuspended && refused.status == 403 && refused.suspendedUntil == end)
            }

            // A ban has no end.
            #expect(try await server.call(.post, "/admin/users/\(credentials.userID)/suspend", as: admin, body: #"{"ban":true,"reason":"again"}"#).status == 200)
            do {
                _ = try await sdk.signIn(.guest(deviceID: device))
                Issue.record("a banned account signed in")
            } catch let refused as ParlorError {
                #expect(refused.kind == .accountSuspended && refused.suspendedUntil == nil)
                #expect(refused.recoverySuggestion == "This account is banned.")
            }
        }
    }
}
