// The SwiftUI button. On Apple's SDKs it is in the cross-import overlay
// `_AuthenticationServices_SwiftUI` (SwiftUI + AuthenticationServices); see ../README.md.
import SwiftUI

// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct SignInWithAppleButton: View {
    // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/init(_:onrequest:oncompletion:)
    nonisolated public init(
        _ label: SignInWithAppleButton.Label = .signIn, onRequest: @escaping (ASAuthorizationAppleIDRequest) -> Void,
        onCompletion: @escaping (Result<ASAuthorization, any Error>) -> Void
    ) { fatalError() }

    public var body: Never { fatalError() }

    // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/label
    public struct Label: Sendable {
        // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/label/signin
        public static let signIn = SignInWithAppleButton.Label()
        // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/label/continue
        public static let `continue` = SignInWithAppleButton.Label()
    }
}
