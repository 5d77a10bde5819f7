import ArgumentParser
import Foundation
import Logging
import ParlorDatabase

/// Options shared by every command that touches the database, and how they resolve:
/// flag, then environment, then config file, then default.
struct CommonOptions: ParsableArguments {
    @Option(help: "A JSON file of settings (keys as in the README's table). [env: PARLOR_CONFIG]")
    var config: String?

    @Option(help: "Directory for local data, including the embedded SQLite database. [env: PARLOR_DATA_DIR] (default: ./.parlor)")
    var dataDir: String?

    @Option(help: "postgres://user:pass@host:5432/db or sqlite:path; when absent, SQLite in the data directory. [env: PARLOR_DATABASE_URL]")
    var databaseURL: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: PARLOR_LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(help: "text or json (one JSON object per line). [env: PARLOR_LOG_FORMAT] (default: text)")
    var logFormat: String?

    func sources(_ environment: Environment) throws(CommandFailure) -> SettingSources {
        guard let path = config ?? environment["PARLOR_CONFIG"] else { return SettingSources(environment: environment, file: .none) }
        return SettingSources(environment: environment, file: try ConfigFile.load(path))
    }

    /// Where local data lives: the embedded database, mail, the key-encryption key file.
    func dataDirectory(_ sources: SettingSources) -> String {
        sources.string(dataDir, .dataDir) ?? ".parlor"
    }

    func location(_ sources: SettingSources) throws(CommandFailure) -> DatabaseLocation {
        guard let url = sources.string(databaseURL, .databaseURL), !url.isEmpty else {
            return .embedded(inDataDirectory: dataDirectory(sources))
        }
        do {
            return try DatabaseLocation(url: url)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Sends logs to standard error; standard output is kept for what a command reports.
    func bootstrapLogging(_ sources: SettingSources) throws(CommandFailure) -> Logger {
        let rawLevel = sources.string(logLevel, .logLevel) ?? "info"
        guard let level = Logger.Level(rawValue: rawLevel.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(.usage, "invalid log level '\(rawLevel)'; use one of \(levels)")
        }
        let format = sources.string(logFormat, .logFormat) ?? "text"
        switch format {
        case "text":
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        case "json":
            LoggingSystem.bootstrap { label in JSONLogHandler(label: label, logLevel: level) }
        default:
            throw CommandFailure(.usage, "invalid log format '\(format)'; use text or json")
        }
        return Logger(label: "parlor")
    }
}

/// The process environment, injectable so that resolution can be reasoned about in isolation.
struct Environment: Sendable {
    var values: [String: String]

    static var process: Environment { Environment(values: ProcessInfo.processInfo.environment) }

    subscript(name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
