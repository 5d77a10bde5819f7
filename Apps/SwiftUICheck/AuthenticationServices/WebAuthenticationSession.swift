// The SwiftUI environment's web authentication session (Discord's and Facebook's sign-in pages).
// On Apple's SDKs it lives in the `_AuthenticationServices_SwiftUI` overlay; see the README.
import Foundation
import SwiftUI

// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession
@available(iOS 16.4, macOS 13.3, tvOS 16.4, watchOS 9.4, *)
@MainActor public struct WebAuthenticationSession {
    // https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/browsersession
    public struct BrowserSession: Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/browsersession/ephemeral
        public static var ephemeral: BrowserSession { fatalError() }
    }

    // https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/authenticate(using:callbackurlscheme:preferredbrowsersession:)
    public func authenticate(
        using url: URL, callbackURLScheme: String, preferredBrowserSession: WebAuthenticationSession.BrowserSession? = nil
    ) async throws -> URL { fatalError() }
}

extension EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/webauthenticationsession
    @available(iOS 16.4, macOS 13.3, tvOS 16.4, watchOS 9.4, *)
    public var webAuthenticationSession: WebAuthenticationSession { fatalError() }
}

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror
@available(iOS 12.0, macOS 10.15, tvOS 16.0, watchOS 6.2, *)
public struct ASWebAuthenticationSessionError: Error, Hashable {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code
    public enum Code: Int, @unchecked Sendable, Equatable, Hashable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }

    // https://developer.apple.com/documentation/foundation/nserror/code (the error's code, as every CustomNSError has)
    public var code: ASWebAuthenticationSessionError.Code { fatalError() }
}
