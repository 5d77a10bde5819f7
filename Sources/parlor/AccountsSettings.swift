import Foundation
import ParlorAccounts
import ParlorServer
import SignInProviders

/// Builds the accounts configuration of `parlor serve` from settings.
extension SettingSources {
    func accountsConfiguration(server: ServerConfiguration) throws(CommandFailure) -> AccountsConfiguration {
        let defaultURL = "http://\(server.host):\(server.port)"
        let publicURL = string(nil, .publicURL) ?? defaultURL
        var configuration = AccountsConfiguration(publicURL: try requiredURL(publicURL, .publicURL))
        if let cost = try integer(nil, .bcryptCost) {
            guard (4...31).contains(cost) else { throw CommandFailure(.usage, "invalid bcrypt cost \(cost); use 4…31") }
            configuration.bcryptCost = UInt8(cost)
        }
        switch string(nil, .rateLimits) ?? "standard" {
        case "standard": configuration.rateLimits = .standard
        case "off": configuration.rateLimits = .off
        case let other: throw CommandFailure(.usage, "invalid rate_limits '\(other)'; use standard or off")
        }
        configuration.passwordResetLink = string(nil, .passwordResetLink)
        configuration.apple = AppleSignInConfiguration(
            keysURL: try url(string(nil, .appleKeysURL), .appleKeysURL) ?? AppleSignInConfiguration.defaultKeysURL,
            clientIDs: list(.appleClientIDs))
        configuration.discord = DiscordSignInConfiguration(
            apiBaseURL: try url(string(nil, .discordAPIURL), .discordAPIURL) ?? DiscordSignInConfiguration.defaultAPIBaseURL,
            clientID: string(nil, .discordClientID) ?? "", clientSecret: string(nil, .discordClientSecret) ?? "",
            redirectURIs: list(.discordRedirectURIs))
        configuration.facebook = FacebookSignInConfiguration(
            graphBaseURL: try url(string(nil, .facebookGraphURL), .facebookGraphURL) ?? FacebookSignInConfiguration.defaultGraphBaseURL,
            appID: string(nil, .facebookAppID) ?? "", appSecret: string(nil, .facebookAppSecret) ?? "",
            limitedLoginKeysURL: try url(string(nil, .facebookLimitedKeysURL), .facebookLimitedKeysURL)
                ?? FacebookSignInConfiguration.defaultLimitedLoginKeysURL)
        return configuration
    }

    func flag(_ setting: Setting) throws(CommandFailure) -> Bool {
        switch string(nil, setting)?.lowercased() {
        case nil, "false", "0", "no": return false
        case "true", "1", "yes": return true
        case let other?: throw CommandFailure(.usage, "\(setting.environmentName) must be true or false, got '\(other)'")
        }
    }

    func list(_ setting: Setting) -> [String] {
        (string(nil, setting) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func url(_ text: String?, _ setting: Setting) throws(CommandFailure) -> URL? {
        guard let text else { return nil }
        return try requiredURL(text, setting)
    }

    private func requiredURL(_ text: String, _ setting: Setting) throws(CommandFailure) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CommandFailure(.usage, "\(setting.environmentName) must be an http(s) URL, got '\(text)'")
        }
        return url
    }
}
