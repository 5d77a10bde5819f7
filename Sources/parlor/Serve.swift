import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ParlorServer
import ParlorStore
import UnixSignals

/// `parlor serve`: migrate, then serve HTTP until SIGINT or SIGTERM.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Migrate the database and serve the Parlor API.")

    @Option(help: "Address to listen on. [env: PARLOR_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one. [env: PARLOR_PORT] (default: 8080)")
    var port: Int?

    @Option(help: "Largest accepted request body in bytes. [env: PARLOR_MAX_BODY_BYTES] (default: 1048576)")
    var maxBodyBytes: Int?

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let environment = Environment.process
        try await reportingFailures {
            let configuration = try serverConfiguration(environment)
            let location = try storage.resolvedLocation(environment)
            let logger = try storage.bootstrapLogging(environment)
            try await Self.serve(configuration: configuration, location: location, logger: logger)
        }
    }

    static func serve(configuration: ServerConfiguration, location: DatabaseLocation, logger: Logger) async throws {
        try await Database.withOpened(location, logger: logger) { database in
            let applied = try await Migrator().migrate(database)
            logger.info("database ready", metadata: ["database": "\(location)", "migrations_applied": "\(applied)"])
            let app = try ParlorApplication.build(
                configuration: configuration,
                database: database,
                logger: logger,
                onServerRunning: { address in
                    let port = address?.port ?? configuration.port
                    // Unbuffered, so that a supervisor or test reading a pipe sees it at once.
                    FileHandle.standardOutput.write(Data("Parlor listening on http://\(configuration.host):\(port)\n".utf8))
                }
            )
            do {
                try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
            } catch {
                throw CommandFailure.from(error, listeningOn: "\(configuration.host):\(configuration.port)")
            }
            logger.info("server stopped; closing the database")
        }
    }

    func serverConfiguration(_ environment: Environment) throws -> ServerConfiguration {
        let port = try self.port ?? Self.integer(environment["PARLOR_PORT"], name: "PARLOR_PORT", default: ServerConfiguration.defaultPort)
        guard (0...65535).contains(port) else { throw CommandFailure(.usage, "invalid port \(port); use 0…65535") }
        let maxBody = try maxBodyBytes ?? Self.integer(environment["PARLOR_MAX_BODY_BYTES"], name: "PARLOR_MAX_BODY_BYTES", default: ServerConfiguration.defaultMaxBodyBytes)
        guard maxBody > 0 else { throw CommandFailure(.usage, "invalid body limit \(maxBody); use a positive number of bytes") }
        let host = host ?? environment["PARLOR_HOST"] ?? ServerConfiguration.defaultHost
        return ServerConfiguration(host: host, port: port, maxBodyBytes: maxBody)
    }

    static func integer(_ raw: String?, name: String, default fallback: Int) throws(CommandFailure) -> Int {
        guard let raw else { return fallback }
        guard let value = Int(raw) else { throw CommandFailure(.usage, "\(name) must be an integer, got '\(raw)'") }
        return value
    }
}
