/// A setting `parlor` reads from a flag, the environment or a config file.
enum Setting: String, CaseIterable, Sendable {
    case host, port
    case dataDir = "data_dir"
    case databaseURL = "database_url"
    case logLevel = "log_level"
    case logFormat = "log_format"
    case maxBodyBytes = "max_body_bytes"
    case publicURL = "public_url"
    case trustForwardedFor = "trust_forwarded_for"
    case bcryptCost = "bcrypt_cost"
    case rateLimits = "rate_limits"
    case passwordResetLink = "password_reset_link"
    case appleClientIDs = "apple_client_ids"
    case appleKeysURL = "apple_keys_url"
    case appleTeamID = "apple_team_id"
    case appleKeyID = "apple_key_id"
    case appleKeyFile = "apple_key_file"
    case appleAuthURL = "apple_auth_url"
    case gameCenterBundleIDs = "gamecenter_bundle_ids"
    case gameCenterRootFile = "gamecenter_root_file"
    case discordClientID = "discord_client_id"
    case discordClientSecret = "discord_client_secret"
    case discordRedirectURIs = "discord_redirect_uris"
    case discordAPIURL = "discord_api_url"
    case facebookAppID = "facebook_app_id"
    case facebookAppSecret = "facebook_app_secret"
    case facebookGraphURL = "facebook_graph_url"
    case facebookLimitedKeysURL = "facebook_limited_keys_url"
    case nodeTimeout = "node_timeout"
    case shutdownTimeout = "shutdown_timeout"
    case waitingGameExpiry = "waiting_game_expiry"
    case keyEncryptionKeys = "key_encryption_keys"
    case keyEncryptionKeysFile = "key_encryption_keys_file"
    case apnsTeamID = "apns_team_id"
    case apnsKeyID = "apns_key_id"
    case apnsKeyFile = "apns_key_file"
    case apnsURL = "apns_url"
    case apnsCAFile = "apns_ca_file"
    case pushBundleIDs = "push_bundle_ids"
    case pushHourlyCap = "push_hourly_cap"
    case purchasesCatalogue = "purchases_catalogue"
    case purchasesRootFile = "purchases_root_file"
    case purchasesEnvironments = "purchases_environments"
    case appLinks = "app_links"
    case appStoreURLs = "app_store_urls"
    case smtpHost = "smtp_host"
    case smtpPort = "smtp_port"
    case smtpTLS = "smtp_tls"
    case smtpUsername = "smtp_username"
    case smtpPassword = "smtp_password"
    case smtpFrom = "smtp_from"
    case smtpCAFile = "smtp_ca_file"
    case requireVerifiedEmail = "require_verified_email"
    case chatBlockedWords = "chat_blocked_words"
    case chatBlockedWordsFile = "chat_blocked_words_file"
    case chatLinesPerGame = "chat_lines_per_game"
    case chatLinesPerMinute = "chat_lines_per_minute"
    case consoleIdleTimeout = "console_idle_timeout"
    case consoleSessionLifetime = "console_session_lifetime"
    case consoleSecureCookies = "console_secure_cookies"

    /// `PARLOR_DATA_DIR` for `data_dir`, and so on.
    var environmentName: String { "PARLOR_" + rawValue.uppercased() }

    /// Whether the config file must give a number rather than a string.
    var isInteger: Bool {
        [
            .port, .maxBodyBytes, .bcryptCost, .nodeTimeout, .shutdownTimeout, .pushHourlyCap, .smtpPort, .waitingGameExpiry, .chatLinesPerGame,
            .chatLinesPerMinute, .consoleIdleTimeout, .consoleSessionLifetime,
        ].contains(self)
    }
}

/// Where each setting comes from, strongest first: flag, environment variable, config file, default.
struct SettingSources: Sendable {
    let environment: Environment
    let file: ConfigFile

    func string(_ flag: String?, _ setting: Setting) -> String? {
        flag ?? environment[setting.environmentName] ?? file.strings[setting]
    }

    func integer(_ flag: Int?, _ setting: Setting) throws(CommandFailure) -> Int? {
        if let flag { return flag }
        if let raw = environment[setting.environmentName] {
            guard let value = Int(raw) else { throw CommandFailure(.usage, "\(setting.environmentName) must be an integer, got '\(raw)'") }
            return value
        }
        return file.integers[setting]
    }
}
