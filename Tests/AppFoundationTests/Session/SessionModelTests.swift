import AppFoundation
import ConcurrencyExtras
import Crypto
import Dependencies
import Foundation
import Observation
import ParlorClient
import Testing

@MainActor
@Suite struct SessionModelTests {
    static let olga = SignedInUser(id: "u1", username: "olga", displayName: "Olga", isGuest: false)
    static let guest = SignedInUser(id: "g1", username: "guest-1", displayName: "Guest", isGuest: true)
    static let wrongPassword = ParlorError(kind: .invalidCredentials, code: "invalid_credentials", message: "wrong login or password", status: 401)

    /// A session client whose closures record what they were asked.
    final class Recorder: Sendable {
        let methods = LockIsolated<[ParlorClient.Method]>([])
        let signOuts = LockIsolated<[Bool]>([])
    }

    func model(
        restore: SignedInUser? = nil, signIn: Result<SignedInUser, ParlorError> = .success(olga), link: Result<SignedInUser, ParlorError>? = nil,
        signOut: ParlorError? = nil, endings: AsyncStream<SignedOutReason> = AsyncStream { $0.finish() },
        device: DeviceIdentity = .memory(), recorder: Recorder = Recorder()
    ) -> SessionModel {
        withDependencies {
            $0.sessionClient = SessionClient(
                restore: { () async throws(ParlorError) -> SignedInUser? in restore },
                signIn: { method throws(ParlorError) in
                    recorder.methods.withValue { $0.append(method) }
                    return try signIn.get()
                },
                link: { method throws(ParlorError) in
                    recorder.methods.withValue { $0.append(method) }
                    guard let link else { throw ParlorError(kind: .conflict, code: "unexpected", message: "link not expected") }
                    return try link.get()
                },
                signOut: { everywhere throws(ParlorError) in
                    recorder.signOuts.withValue { $0.append(everywhere) }
                    if let signOut { throw signOut }
                },
                endings: { endings })
            $0.deviceIdentity = device
            $0.uuid = .incrementing
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 7))
        } operation: {
            SessionModel(brand: .quortex)
        }
    }

    @Test func launchRestoresTheKeptSessionOrIsSignedOut() async {
        let kept = model(restore: Self.olga)
        #expect(kept.status == .restoring)
        await kept.restore()
        #expect(kept.status == .signedIn(Self.olga))
        #expect(kept.user == Self.olga)

        let none = model(restore: nil)
        await none.restore()
        #expect(none.status == .signedOut)
        #expect(none.user == nil)
        #expect(none.error == nil)
    }

    @Test func aGuestIsTheSameGuestOnEveryLaunch() async throws {
        let device = DeviceIdentity.memory()
        let recorder = Recorder()
        let first = model(signIn: .success(Self.guest), device: device, recorder: recorder)
        await first.signInAsGuest()
        #expect(first.status == .signedIn(Self.guest))
        let second = model(signIn: .success(Self.guest), device: device, recorder: recorder)
        await second.signInAsGuest()
        let ids = recorder.methods.value.compactMap { method -> String? in
            if case .guest(let id, _) = method { id } else { nil }
        }
        #expect(ids.count == 2)
        #expect(ids[0] == ids[1])
        #expect(ids[0] == "device-00000000-0000-0000-0000-000000000000")
    }

    @Test func aRefusedPasswordKeepsTheFormAndSaysWhy() async {
        let model = model(signIn: .failure(Self.wrongPassword))
        await model.restore()
        #expect(!model.canSignInWithPassword)
        model.login = "  olga "
        model.password = "not-it"
        #expect(model.canSignInWithPassword)
        await model.signInWithPassword()
        #expect(model.status == .signedOut)
        #expect(model.error?.title == "Wrong username or password")
        #expect(model.error?.message == "Wrong login or password. Check your username and password.")
        #expect(model.error?.recovery == nil)
        #expect(model.password == "not-it")
        model.dismissError()
        #expect(model.error == nil)
    }

    @Test func aPasswordSignInTrimsTheLoginAndForgetsThePassword() async {
        let recorder = Recorder()
        let model = model(recorder: recorder)
        model.login = " olga "
        model.password = "correct horse"
        await model.signInWithPassword()
        #expect(model.status == .signedIn(Self.olga))
        #expect(model.password.isEmpty)
        #expect(recorder.methods.value == [.password(login: "olga", password: "correct horse")])
    }

    @Test func noNetworkOffersRetry() async {
        let offline = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "could not connect")
        let model = model(signIn: .failure(offline))
        await model.signInAsGuest()
        #expect(model.status == .signedOut)
        #expect(model.error?.title == "No internet connection")
        #expect(model.error?.message == "Check your connection and try again.")
        #expect(model.error?.recovery == .retry)
        #expect(model.error?.recovery?.label == "Try Again")
    }

    @Test func registrationNeedsAUsernameAndAnEightCharacterPassword() async {
        let recorder = Recorder()
        let model = model(recorder: recorder)
        model.username = "olga"
        model.password = "short"
        #expect(!model.canRegister)
        await model.register()
        #expect(recorder.methods.value.isEmpty)
        model.password = "long enough"
        model.email = "  "
        await model.register()
        #expect(recorder.methods.value == [.register(username: "olga", password: "long enough", email: nil)])
        #expect(model.status == .signedIn(Self.olga))
    }

    @Test func aGuestUpgradesByLinkingAPasswordAndStaysSignedIn() async {
        let upgraded = SignedInUser(id: "g1", username: "olga", displayName: "Guest", isGuest: false)
        let recorder = Recorder()
        let model = model(signIn: .success(Self.guest), link: .success(upgraded), recorder: recorder)
        await model.signInAsGuest()
        model.username = "olga"
        model.password = "long enough"
        model.email = "olga@example.com"
        await model.upgradeGuest()
        #expect(model.status == .signedIn(upgraded))
        #expect(recorder.methods.value.last == .register(username: "olga", password: "long enough", email: "olga@example.com"))
    }

    @Test func aTakenUsernameLeavesTheGuestSignedInWithTheFieldNamed() async {
        let taken = ParlorError(
            kind: .conflict, code: "username_taken", message: "that username is taken", status: 409)
        let model = model(signIn: .success(Self.guest), link: .failure(taken))
        await model.signInAsGuest()
        model.username = "olga"
        model.password = "long enough"
        await model.upgradeGuest()
        #expect(model.status == .signedIn(Self.guest))
        #expect(model.error?.message == "That username is taken. Choose another.")
    }

    @Test func signOutSignsOutEvenWhenTheServerCannotBeTold() async {
        let recorder = Recorder()
        let model = model(
            signOut: ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "offline"), recorder: recorder)
        await model.signInAsGuest()
        await model.signOut(everywhere: true)
        #expect(model.status == .signedOut)
        #expect(recorder.signOuts.value == [true])
        #expect(model.error?.title == "No internet connection")
    }

    @Test func aSessionTheServerEndsSignsOutWithTheReason() async throws {
        let (endings, end) = AsyncStream.makeStream(of: SignedOutReason.self)
        let model = model(restore: Self.olga, endings: endings)
        await model.restore()
        #expect(model.status == .signedIn(Self.olga))
        end.yield(.expired)
        end.finish()
        try await waitUntil { model.status == .signedOut }
        #expect(model.signedOutReason == .expired)
        #expect(model.signedOutReason?.message == "Your session has ended. Please sign in again.")
        await model.signInAsGuest()
        #expect(model.signedOutReason == nil)
    }

    @Test func appleSignInSendsTheRawNonceWhoseHashWentToApple() async {
        let recorder = Recorder()
        let model = model(recorder: recorder)
        let hashed = model.prepareAppleSignIn()
        #expect(hashed.count == 64)
        await model.signInWithApple(identityToken: "header.payload.signature", displayName: "Olga")
        guard case .apple(let token, let nonce?, let name, _) = recorder.methods.value.first else {
            Issue.record("no Apple sign-in with a nonce: \(recorder.methods.value)")
            return
        }
        #expect(token == "header.payload.signature")
        #expect(name == "Olga")
        #expect(nonce.count == 32)
        #expect(AppleNonceCheck.sha256Hex(nonce) == hashed)
        // A nonce is used once.
        await model.signInWithApple(identityToken: "again", displayName: nil)
        if case .apple(_, let second, _, _) = recorder.methods.value.last { #expect(second == nil) }
    }

    /// A view reads `isWorking` and `canSignInWithPassword`: each change must reach it.
    @Test func workingIsObservedWhileASignInRuns() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let olga = Self.olga
        let model = withDependencies {
            $0.sessionClient = SessionClient(
                restore: { () async throws(ParlorError) -> SignedInUser? in nil },
                signIn: { _ throws(ParlorError) in
                    for await _ in gate { break }
                    return olga
                },
                link: { _ throws(ParlorError) in olga }, signOut: { _ throws(ParlorError) in }, endings: { AsyncStream { $0.finish() } })
        } operation: { SessionModel(brand: .quortex) }
        model.login = "olga"
        model.password = "secret"
        let changes = LockIsolated(0)
        withObservationTracking { _ = (model.isWorking, model.canSignInWithPassword) } onChange: { changes.withValue { $0 += 1 } }
        let signingIn = Task { await model.signInWithPassword() }
        try await waitUntil { model.isWorking }
        #expect(changes.value == 1)
        #expect(!model.canSignInWithPassword)
        open.yield()
        await signingIn.value
        #expect(!model.isWorking)
        #expect(model.status == .signedIn(Self.olga))
    }

    @Test func theUnsetTestValueFailsLoudlyNotSilently() async {
        let model = withDependencies { $0.uuid = .incrementing } operation: { SessionModel(brand: .topDog) }
        await withKnownIssue {
            await model.signInAsGuest()
        } matching: { issue in
            "\(issue)".contains("SessionClient.signIn is not set in this test")
        }
        #expect(model.status == .signedOut)
        #expect(model.error?.title == "Something went wrong")
    }
}

/// Polls `condition` on the main actor for up to two seconds.
@MainActor
func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<200 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition not met within 2 s")
}

/// A small seeded generator, so a nonce is the same on every run.
struct LCRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

enum AppleNonceCheck {
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
