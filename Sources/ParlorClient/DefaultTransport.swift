import Foundation
import OpenAPIRuntime

#if canImport(OpenAPIURLSession)
import OpenAPIURLSession
#elseif canImport(OpenAPIAsyncHTTPClient)
import OpenAPIAsyncHTTPClient
#endif

extension ParlorClient {
    /// The platform's own HTTP stack: URLSession on Apple platforms (it follows the system's
    /// proxy, VPN and cellular settings), AsyncHTTPClient's shared client on Linux.
    ///
    /// The Apple branch is not compiled on Linux CI; it only constructs the transport, and every
    /// decision above it (sessions, errors, retries) is the same code on both platforms.
    public static func defaultTransport() -> any ClientTransport {
        #if canImport(OpenAPIURLSession)
        URLSessionTransport()
        #elseif canImport(OpenAPIAsyncHTTPClient)
        AsyncHTTPClientTransport()
        #else
        #error("ParlorClient needs URLSession (Apple) or AsyncHTTPClient (Linux) for its default transport")
        #endif
    }

    /// A client on the platform's default transport (``defaultTransport()``).
    public init(serverURL: URL, store: any CredentialStore = MemoryCredentialStore(), now: @escaping @Sendable () -> Date = Date.init) {
        self.init(serverURL: serverURL, transport: Self.defaultTransport(), store: store, now: now)
    }
}
