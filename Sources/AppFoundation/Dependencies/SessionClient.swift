import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// Signing in and out, as the session model needs it: a struct of closures, live over the app's
/// ``ParlorClient``, and in tests whatever the test sets (an unset closure fails the test).
public struct SessionClient: Sendable {
    /// The signed-in user if this device kept a session the server still takes; nil if none.
    public var restore: @Sendable () async throws(ParlorError) -> SignedInUser?
    public var signIn: @Sendable (_ method: ParlorClient.Method) async throws(ParlorError) -> SignedInUser
    /// Adds a sign-in method to the signed-in account (a guest keeping their progress).
    public var link: @Sendable (_ method: ParlorClient.Method) async throws(ParlorError) -> SignedInUser
    public var signOut: @Sendable (_ everywhere: Bool) async throws(ParlorError) -> Void
    /// Each time the session ends without being asked to (the server refused to renew it).
    public var endings: @Sendable () -> AsyncStream<SignedOutReason>

    public init(
        restore: @escaping @Sendable () async throws(ParlorError) -> SignedInUser?,
        signIn: @escaping @Sendable (_ method: ParlorClient.Method) async throws(ParlorError) -> SignedInUser,
        link: @escaping @Sendable (_ method: ParlorClient.Method) async throws(ParlorError) -> SignedInUser,
        signOut: @escaping @Sendable (_ everywhere: Bool) async throws(ParlorError) -> Void,
        endings: @escaping @Sendable () -> AsyncStream<SignedOutReason>
    ) {
        self.restore = restore
        self.signIn = signIn
        self.link = link
        self.signOut = signOut
        self.endings = endings
    }
}

extension SessionClient {
    /// Over `client`: its stored session, its sign-in methods and its session's events.
    public static func live(_ client: ParlorClient) -> SessionClient {
        SessionClient(
            restore: { () async throws(ParlorError) -> SignedInUser? in
                let stored = try await parlorCall { try await client.session.current() }
                guard stored != nil else { return nil }
                do throws(ParlorError) {
                    return SignedInUser(try await parlorCall { try await client.api.getMe().ok.body.json })
                } catch where error.kind == .notAuthenticated || error.kind == .sessionExpired {
                    return nil
                }
            },
            signIn: { method throws(ParlorError) in SignedInUser(try await client.signIn(method)) },
            link: { method throws(ParlorError) in SignedInUser(try await client.link(method)) },
            signOut: { everywhere throws(ParlorError) in try await client.signOut(everywhere: everywhere) },
            endings: {
                AsyncStream { continuation in
                    let task = Task {
                        for await event in client.session.events {
                            switch event {
                            case .signedOut(.sessionExpired): continuation.yield(.expired)
                            case .signedOut(.accountSuspended(let until)): continuation.yield(.suspended(until: until))
                            default: break
                            }
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = SessionClient(
        restore: { () async throws(ParlorError) -> SignedInUser? in throw Unimplemented.call("SessionClient.restore") },
        signIn: { _ throws(ParlorError) in throw Unimplemented.call("SessionClient.signIn") },
        link: { _ throws(ParlorError) in throw Unimplemented.call("SessionClient.link") },
        signOut: { _ throws(ParlorError) in throw Unimplemented.call("SessionClient.signOut") },
        endings: { AsyncStream { $0.finish() } })
}

extension SessionClient: DependencyKey {
    public static var liveValue: SessionClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: SessionClient { .unimplemented }
}

extension DependencyValues {
    public var sessionClient: SessionClient {
        get { self[SessionClient.self] }
        set { self[SessionClient.self] = newValue }
    }
}

/// A dependency's closure that the running test did not set: reported as the test's failure,
/// and answered with an error so the model under test goes on.
public enum Unimplemented {
    public static func call(_ name: String, fileID: StaticString = #fileID, line: UInt = #line) -> ParlorError {
        reportIssue("\(name) is not set in this test", fileID: fileID, line: line)
        return ParlorError(kind: .unexpectedResponse, code: "unimplemented", message: "\(name) is not set in this test")
    }
}
