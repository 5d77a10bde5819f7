import ArgumentParser
import Foundation
import Logging
import ParlorStore

/// Options every command that touches the database shares. Each resolves flag → environment → default.
struct StorageOptions: ParsableArguments {
    @Option(help: "Directory for local data, including the embedded SQLite database. [env: PARLOR_DATA_DIR] (default: ./.parlor)")
    var dataDir: String?

    @Option(help: "postgres://user:pass@host:5432/db or sqlite:path; when absent, SQLite in the data directory. [env: PARLOR_DATABASE_URL]")
    var databaseURL: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: PARLOR_LOG_LEVEL] (default: info)")
    var logLevel: String?

    func resolvedDataDirectory(_ environment: Environment) -> String {
        dataDir ?? environment["PARLOR_DATA_DIR"] ?? ".parlor"
    }

    func resolvedLocation(_ environment: Environment) throws(CommandFailure) -> DatabaseLocation {
        guard let url = databaseURL ?? environment["PARLOR_DATABASE_URL"], !url.isEmpty else {
            return .embedded(inDataDirectory: resolvedDataDirectory(environment))
        }
        do {
            return try DatabaseLocation(url: url)
        } catch {
            throw CommandFailure(error)
        }
    }

    func resolvedLogLevel(_ environment: Environment) throws(CommandFailure) -> Logger.Level {
        let raw = logLevel ?? environment["PARLOR_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: raw.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(.usage, "invalid log level '\(raw)'; use one of \(levels)")
        }
        return level
    }

    /// Sends logs to standard error at `level`; standard output is kept for what a command reports.
    func bootstrapLogging(_ environment: Environment) throws(CommandFailure) -> Logger {
        let level = try resolvedLogLevel(environment)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
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
