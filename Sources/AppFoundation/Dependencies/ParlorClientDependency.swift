import Dependencies
import Foundation
import ParlorClient

/// Where the app's server is and the client that talks to it. An app names its server in its
/// Info.plist (`ParlorServerURL`); the environment variable `PARLOR_SERVER_URL` overrides it (the
/// terminal, a test run); the default is a server on this machine (`parlor serve`).
public enum AppServer {
    public static let defaultURL = URL(string: "http://127.0.0.1:8080")
    public static var url: URL? {
        if let value = ProcessInfo.processInfo.environment["PARLOR_SERVER_URL"], let url = URL(string: value) { return url }
        if let value = Bundle.main.object(forInfoDictionaryKey: "ParlorServerURL") as? String, let url = URL(string: value) { return url }
        return defaultURL
    }
}

extension DependencyValues {
    /// The one client every live dependency of the app goes through (its session, its token).
    public var parlorClient: ParlorClient {
        get { self[ParlorClientKey.self] }
        set { self[ParlorClientKey.self] = newValue }
    }
}

private enum ParlorClientKey: DependencyKey {
    static var liveValue: ParlorClient {
        let url = AppServer.url ?? URL(fileURLWithPath: "/")
        return ParlorClient(serverURL: url, transport: ParlorClient.defaultTransport(), store: AppCredentialStore.live())
    }

    /// A test that reaches the live client has forgotten to set the dependency it meant to use;
    /// this one points nowhere, so every call fails with "network unavailable".
    static var testValue: ParlorClient {
        ParlorClient(serverURL: URL(fileURLWithPath: "/unreachable"), transport: ParlorClient.defaultTransport())
    }
}

/// Where the session's credentials are kept: the keychain on Apple's systems, a file elsewhere.
enum AppCredentialStore {
    static func live() -> any CredentialStore {
        #if canImport(Security)
        return KeychainCredentialStore(service: Bundle.main.bundleIdentifier ?? "parlor")
        #else
        let directory = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".parlor/app", isDirectory: true)
        return FileCredentialStore(url: directory.appendingPathComponent("session.json"))
        #endif
    }
}
