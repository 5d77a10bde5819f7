/// A setting `parlor` reads from a flag, the environment or a config file.
enum Setting: String, CaseIterable, Sendable {
    case host, port
    case dataDir = "data_dir"
    case databaseURL = "database_url"
    case logLevel = "log_level"
    case logFormat = "log_format"
    case maxBodyBytes = "max_body_bytes"

    /// `PARLOR_DATA_DIR` for `data_dir`, and so on.
    var environmentName: String { "PARLOR_" + rawValue.uppercased() }

    /// Whether the config file must give a number rather than a string.
    var isInteger: Bool { self == .port || self == .maxBodyBytes }
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
