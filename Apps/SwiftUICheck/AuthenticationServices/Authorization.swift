// The result of a successful Sign in with Apple: the authorization and its credential.
import Foundation

// https://developer.apple.com/documentation/authenticationservices/asauthorization
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
open class ASAuthorization: NSObject {
    // https://developer.apple.com/documentation/authenticationservices/asauthorization/credential
    open var credential: any ASAuthorizationCredential { fatalError() }

    // https://developer.apple.com/documentation/authenticationservices/asauthorization/scope
    public struct Scope: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/authenticationservices/asauthorization/scope/fullname
        public static let fullName = ASAuthorization.Scope(rawValue: "full_name")
        // https://developer.apple.com/documentation/authenticationservices/asauthorization/scope/email
        public static let email = ASAuthorization.Scope(rawValue: "email")
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ASAuthorizationCredential: NSCopying, NSSecureCoding, NSObjectProtocol {}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    // https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/identitytoken
    open var identityToken: Data? { fatalError() }
    // https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/authorizationcode
    open var authorizationCode: Data? { fatalError() }
    // https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/fullname
    open var fullName: PersonNameComponents? { fatalError() }

    // NSCopying and NSSecureCoding, as the protocol requires.
    // https://developer.apple.com/documentation/foundation/nscopying/copy(with:)
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    // https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }
    // https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) { fatalError() }
    // https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
}
