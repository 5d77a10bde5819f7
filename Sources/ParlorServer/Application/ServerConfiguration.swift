import ParlorAccounts
import ParlorPlay

/// How the HTTP server listens and what it accepts.
public struct ServerConfiguration: Sendable, Equatable {
    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 8080
    public static let defaultMaxBodyBytes = 1 << 20

    public var host: String
    /// 0 asks the system for a free port; the bound one is reported through `onServerRunning`.
    public var port: Int
    /// Larger request bodies are refused with 413.
    public var maxBodyBytes: Int
    /// Take the client's address from `X-Forwarded-For`: only behind a reverse proxy that sets it.
    public var trustForwardedFor: Bool

    public init(
        host: String = defaultHost, port: Int = defaultPort, maxBodyBytes: Int = defaultMaxBodyBytes, trustForwardedFor: Bool = false
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.trustForwardedFor = trustForwardedFor
    }
}
