#if canImport(SwiftUI)
import AppFoundation
import AuthenticationServices
import SwiftUI

/// The screen every app opens on when no one is signed in: the app's name and tagline, why the
/// player was signed out if they did not ask, a username-and-password form, Sign in with Apple, the web
/// providers the app has client ids for (Discord, Facebook) and a guest start. It shows `SessionModel`'s state and sends its intents; every rule (when the form
/// may be sent, one sign-in at a time, what an error says) is the model's.
public struct SignInView: View {
    @Bindable private var model: SessionModel
    @Environment(\.webAuthenticationSession) private var webAuthentication

    public init(model: SessionModel) {
        self.model = model
    }

    public var body: some View {
        VStack(spacing: 16) {
            BrandHeader(brand: model.brand)
            if let reason = model.signedOutReason {
                Text(reason.message).font(.footnote)
            }
            if let error = model.error {
                ErrorNotice(error: error, recover: { Task { await model.recover() } }) { model.dismissError() }
            }
            // Autocapitalization is left on: the iOS-only modifier that turns it off would not
            // build for macOS, where `swift build` compiles these views too.
            TextField("Username or email", text: $model.login)
                .autocorrectionDisabled()
            SecureField("Password", text: $model.password)
            Button("Sign In") { Task { await model.signInWithPassword() } }
                .disabled(!model.canSignInWithPassword)
            SignInWithAppleButton(.signIn) { request in
                // Apple's token then carries this hash; the model keeps the raw nonce for the server.
                request.requestedScopes = [.fullName]
                request.nonce = model.prepareAppleSignIn()
            } onCompletion: { result in
                guard let credential = AppleSignInCredential(result) else { return }
                Task {
                    await model.signInWithApple(
                        identityToken: credential.identityToken, displayName: credential.displayName,
                        authorizationCode: credential.authorizationCode)
                }
            }
            .frame(height: 44)
            ForEach(model.webProviders, id: \.self) { provider in
                Button(provider.title) { Task { await signIn(with: provider) } }
                    .disabled(model.isWorking)
            }
            Button("Play as Guest") { Task { await model.signInAsGuest() } }
                .disabled(model.isWorking)
            if model.isWorking {
                ProgressView()
            }
        }
        .padding()
    }

    /// Opens the provider's page and hands its answer to the model, which checks and sends it.
    private func signIn(with provider: WebSignInRequest.Provider) async {
        guard let request = model.beginWebSignIn(provider) else { return }
        do {
            let callback = try await webAuthentication.authenticate(
                using: request.url, callbackURLScheme: request.callbackScheme, preferredBrowserSession: .ephemeral)
            await model.finishWebSignIn(callback)
        } catch let error as ASWebAuthenticationSessionError where error.code == .canceledLogin {
            model.webSignInEnded(cancelled: true)
        } catch {
            model.webSignInEnded(cancelled: false, reason: error.localizedDescription)
        }
    }
}
#endif
