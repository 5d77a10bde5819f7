import Foundation
import HTTPTypes
import Hummingbird

/// The console's cookies: the session, and the token a sign-in form carries before any session
/// exists (a double-submit token, so another site cannot sign a browser in to its own account).
enum ConsoleCookies {
    static let session = "parlor_console"
    static let signInForm = "parlor_console_form"

    static func make(_ name: String, value: String, maxAge: Int?, secure: Bool) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/console", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// A cookie that makes the browser forget `name`.
    static func clear(_ name: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/console", secure: secure, httpOnly: true, sameSite: .strict)
    }
}

extension Console {
    /// Whether this request's cookies are `Secure`.
    func secureCookies(for request: Request) -> Bool {
        if let fixed = configuration.secureCookies { return fixed }
        guard configuration.trustForwardedProto, let proto = request.headers[HTTPField.Name("X-Forwarded-Proto") ?? .contentType] else {
            return false
        }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }
}
