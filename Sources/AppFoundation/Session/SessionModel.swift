import Dependencies
import Foundation
import Observation
import ParlorClient

/// The signed-in session of an app, as its screens see it: restoring the kept session at launch,
/// signing in by every method the server takes (guest, password, registration, Apple, Discord,
/// Facebook), upgrading a guest by linking a method, signing out, and a session the server ended
/// turning into the signed-out state with the reason. One at a time: an intent while another is
/// working is ignored, so a double tap cannot sign in twice.
@MainActor @Observable
public final class SessionModel {
    public enum Status: Equatable, Sendable {
        case restoring
        case signedOut
        case signingIn
        case signedIn(SignedInUser)
    }

    public let brand: AppBrand
    /// The providers' client ids for the web sign-ins (Discord, Facebook) this app offers.
    public let webSignIn: WebSignInSettings
    public private(set) var status: Status = .restoring
    /// Why the player was signed out without asking; cleared by the next sign-in.
    public private(set) var signedOutReason: SignedOutReason?
    public private(set) var error: ErrorPresentation?
    /// The password form.
    public var login = ""
    public var password = ""
    /// Registration (and a guest's upgrade) adds these.
    public var username = ""
    public var email = ""

    @ObservationIgnored @Dependency(\.sessionClient) private var client
    @ObservationIgnored @Dependency(\.deviceIdentity) private var device
    @ObservationIgnored @Dependency(\.uuid) private var uuid
    @ObservationIgnored @Dependency(\.withRandomNumberGenerator) private var random
    /// Observed: the screen disables its buttons and shows progress from it.
    private var working = false
    @ObservationIgnored private var appleNonce: String?
    /// The provider page opened, whose answer alone is taken, once.
    @ObservationIgnored private var pendingWebSignIn: WebSignInRequest?
    /// The last sign-in asked for, so "Try Again" repeats it.
    @ObservationIgnored private var lastMethod: ParlorClient.Method?
    @ObservationIgnored private var watching: Task<Void, Never>?

    public init(brand: AppBrand, webSignIn: WebSignInSettings = .fromBundle) {
        self.brand = brand
        self.webSignIn = webSignIn
    }

    public var user: SignedInUser? {
        if case .signedIn(let user) = status { user } else { nil }
    }

    public var isWorking: Bool { working }

    public var canSignInWithPassword: Bool {
        !working && !login.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty
    }

    public var canRegister: Bool {
        !working && !username.trimmingCharacters(in: .whitespaces).isEmpty && password.count >= 8
    }

    /// Reads the kept session (at launch) and from then on hears when the server ends it.
    public func restore() async {
        watchEndings()
        await run(restoring: true) { client throws(ParlorError) in try await client.restore() }
    }

    public func signInAsGuest() async {
        let id: String
        do {
            id = try device.id { uuid() }
        } catch {
            self.error = ErrorPresentation(
                title: "Can't keep this device's id", message: "The app could not save its device id: \(error). Please try again.",
                recovery: .retry)
            return
        }
        await signIn(.guest(deviceID: id))
    }

    public func signInWithPassword() async {
        guard canSignInWithPassword else { return }
        await signIn(.password(login: login.trimmingCharacters(in: .whitespaces), password: password))
    }

    public func register() async {
        guard canRegister else { return }
        let email = email.trimmingCharacters(in: .whitespaces)
        await signIn(.register(username: username.trimmingCharacters(in: .whitespaces), password: password, email: email.isEmpty ? nil : email))
    }

    /// Makes the nonce for a Sign in with Apple request and answers its SHA-256 (what Apple's
    /// request carries); the raw nonce goes to the server with the identity token.
    public func prepareAppleSignIn() -> String {
        let nonce = AppleNonce.make(random)
        appleNonce = nonce
        return AppleNonce.hashed(nonce)
    }

    /// `authorizationCode` is Apple's `ASAuthorizationAppleIDCredential.authorizationCode`: with
    /// it the server can revoke the account's Apple tokens when the account is deleted.
    public func signInWithApple(identityToken: String, displayName: String?, authorizationCode: String? = nil) async {
        let nonce = appleNonce
        appleNonce = nil
        await signIn(.apple(identityToken: identityToken, nonce: nonce, displayName: displayName, authorizationCode: authorizationCode))
    }

    /// Signs in with GameKit's identity verification signature of the local player.
    public func signInWithGameCenter(_ signature: ParlorClient.GameCenterSignature) async {
        await signIn(.gameCenter(signature))
    }

    public func signInWithDiscord(code: String, redirectURI: String, codeVerifier: String?) async {
        await signIn(.discord(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier))
    }

    public func signInWithFacebook(accessToken: String?, idToken: String?, nonce: String?) async {
        await signIn(.facebook(accessToken: accessToken, idToken: idToken, nonce: nonce))
    }

    /// The providers whose sign-in page this app can open, in the order the screen lists them.
    public var webProviders: [WebSignInRequest.Provider] { webSignIn.offered }

    /// The page to open for `provider` (a fresh state, and PKCE for Discord); nil while another
    /// sign-in runs, or with the error when the app lacks the provider's client id.
    public func beginWebSignIn(_ provider: WebSignInRequest.Provider) -> WebSignInRequest? {
        guard !working else { return nil }
        error = nil
        do throws(WebSignInError) {
            let request = try webSignIn.request(provider, random: random)
            pendingWebSignIn = request
            return request
        } catch {
            self.error = error.presentation
            return nil
        }
    }

    /// The URL the provider's page returned to: checked against the page opened, then sent to
    /// the server. A second answer to the same page is refused (a code is good once).
    public func finishWebSignIn(_ callback: URL) async {
        guard let request = pendingWebSignIn else {
            error = WebSignInError.notThisRequest.presentation
            return
        }
        pendingWebSignIn = nil
        do throws(WebSignInError) {
            switch try request.answer(from: callback) {
            case .discord(let code, let redirectURI, let verifier):
                await signInWithDiscord(code: code, redirectURI: redirectURI, codeVerifier: verifier)
            case .facebook(let token):
                await signInWithFacebook(accessToken: token, idToken: nil, nonce: nil)
            }
        } catch {
            self.error = error.presentation
        }
    }

    /// The page closed without an answer: the player cancelled (nothing shown) or it failed.
    public func webSignInEnded(cancelled: Bool, reason: String? = nil) {
        pendingWebSignIn = nil
        if !cancelled { error = WebSignInError.refused(reason ?? "The sign-in page could not open.").presentation }
    }

    /// A guest keeps their progress by adding a username and password to the same account.
    public func upgradeGuest() async {
        guard user?.isGuest == true, canRegister else { return }
        let email = email.trimmingCharacters(in: .whitespaces)
        let method = ParlorClient.Method.register(
            username: username.trimmingCharacters(in: .whitespaces), password: password, email: email.isEmpty ? nil : email)
        await run(restoring: false, keepingStatus: true) { client throws(ParlorError) in try await client.link(method) }
    }

    public func signOut(everywhere: Bool = false) async {
        guard !working else { return }
        working = true
        defer { working = false }
        do {
            try await client.signOut(everywhere)
        } catch {
            // Forgotten here whatever the server said: the player asked to leave.
            self.error = ErrorPresentation(error)
        }
        password = ""
        signedOutReason = nil
        status = .signedOut
    }

    public func dismissError() { error = nil }

    /// What the error's recovery button does: try the last sign-in again, or clear the error
    /// (signing in again is the form the screen already shows).
    public func recover() async {
        guard let recovery = error?.recovery else { return }
        error = nil
        switch recovery {
        case .retry, .wait:
            if let lastMethod { await signIn(lastMethod) }
        case .signInAgain:
            if user == nil { status = .signedOut }
        case .refresh, .addFunds, .openStore:
            break
        }
    }

    private func signIn(_ method: ParlorClient.Method) async {
        // A nonce is used once: a retry of an Apple sign-in needs a new one from Apple.
        if case .apple = method { lastMethod = nil } else { lastMethod = method }
        await run(restoring: false) { client throws(ParlorError) in try await client.signIn(method) }
    }

    /// One sign-in step: working while it runs, then signed in, or back where it was with the error.
    private func run(
        restoring: Bool, keepingStatus: Bool = false, _ step: (SessionClient) async throws(ParlorError) -> SignedInUser?
    ) async {
        guard !working else { return }
        working = true
        defer { working = false }
        let before = status
        if !restoring && !keepingStatus { status = .signingIn }
        error = nil
        do {
            if let user = try await step(client) {
                status = .signedIn(user)
                signedOutReason = nil
                password = ""
            } else {
                status = .signedOut
            }
        } catch {
            self.error = ErrorPresentation(error)
            status = restoring ? .signedOut : before == .restoring ? .signedOut : before
        }
    }

    private func watchEndings() {
        guard watching == nil else { return }
        let endings = client.endings()
        watching = Task { [weak self] in
            for await reason in endings { self?.ended(reason) }
        }
    }

    private func ended(_ reason: SignedOutReason) {
        signedOutReason = reason
        status = .signedOut
    }

    isolated deinit {
        watching?.cancel()
    }
}
