// The request a Sign in with Apple button lets the app configure: scopes and the nonce.
import Foundation

// https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
open class ASAuthorizationRequest: NSObject {}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    // https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/requestedscopes
    open var requestedScopes: [ASAuthorization.Scope]? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce
    open var nonce: String? {
        get { fatalError() }
        set { fatalError() }
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {}
