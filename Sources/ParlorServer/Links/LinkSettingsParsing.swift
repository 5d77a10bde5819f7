import Foundation
import ParlorLinks

/// The operator's text for ``LinkConfiguration``, read here so that `parlor serve` and the tests
/// refuse the same mistakes with the same words.
extension LinkConfiguration {
    /// A setting's text that cannot be used; the message names the setting and the fix.
    public struct SettingError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// `TEAMID.bundle.id=app` pairs, comma-separated; the app is `quortex`, `party` or `topdog`.
    /// An empty text is no apps.
    public static func parseApps(_ text: String) throws(SettingError) -> [AssociatedApp] {
        var apps: [AssociatedApp] = []
        for pair in Self.pairs(text) {
            guard let (appID, name) = Self.split(pair) else {
                throw SettingError(message: "app_links: '\(pair)' is not TEAMID.bundle.id=app (app: \(Self.appNames))")
            }
            // A team id is ten upper-case letters or digits; a bundle id letters, digits, dots and dashes.
            guard appID.wholeMatch(of: /[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/) != nil else {
                throw SettingError(message: "app_links: '\(appID)' is not an app id (TEAMID.bundle.id, the team id ten capitals or digits)")
            }
            guard let app = LinkApp(rawValue: name) else {
                throw SettingError(message: "app_links: '\(name)' is not an app; use \(Self.appNames)")
            }
            guard !apps.contains(where: { $0.appID == appID }) else { throw SettingError(message: "app_links: '\(appID)' is named twice") }
            apps.append(AssociatedApp(appID: appID, app: app))
        }
        return apps
    }

    /// `app=https://apps.apple.com/…` pairs, comma-separated.
    public static func parseStoreURLs(_ text: String) throws(SettingError) -> [LinkApp: URL] {
        var urls: [LinkApp: URL] = [:]
        for pair in Self.pairs(text) {
            guard let (name, address) = Self.split(pair) else {
                throw SettingError(message: "app_store_urls: '\(pair)' is not app=https://… (app: \(Self.appNames))")
            }
            guard let app = LinkApp(rawValue: name) else {
                throw SettingError(message: "app_store_urls: '\(name)' is not an app; use \(Self.appNames)")
            }
            guard let url = URL(string: address), url.scheme == "https", url.host?.isEmpty == false else {
                throw SettingError(message: "app_store_urls: '\(address)' is not an https URL")
            }
            urls[app] = url
        }
        return urls
    }

    private static var appNames: String { LinkApp.allCases.map(\.rawValue).joined(separator: ", ") }

    private static func pairs(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func split(_ pair: String) -> (String, String)? {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let key = pair[..<equals].trimmingCharacters(in: .whitespaces)
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return key.isEmpty || value.isEmpty ? nil : (key, value)
    }
}
