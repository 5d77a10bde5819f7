import ArgumentParser
import AsyncHTTPClient
import CrazyEights
import Foundation
import GameCore
import Hummingbird
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorServer
import Quortex
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

    @OptionGroup var options: CommonOptions

    func run() async throws {
        ServerThreads.runConcurrencyOnEventLoops()
        try await reportingFailures {
            let sources = try options.sources(.process)
            let configuration = try serverConfiguration(sources)
            let stopDeadline = try Self.shutdownTimeout(sources)
            let location = try options.location(sources)
            let logger = try options.bootstrapLogging(sources)
            let dataDirectory = URL(fileURLWithPath: options.dataDirectory(sources))
            var accounts = try sources.accountsConfiguration(server: configuration)
            accounts.keyEncryption = try sources.keyEncryptionKeys(dataDirectory: dataDirectory.path)
            try sources.applyAppleSettings(to: &accounts)
            if case .postgres = location, sources.string(nil, .keyEncryptionKeys) == nil, sources.string(nil, .keyEncryptionKeysFile) == nil {
                logger.warning("token signing keys are sealed with the key file in the data directory; every node must share it (or set key_encryption_keys)")
            }
            accounts.requireVerifiedEmail = try sources.flag(.requireVerifiedEmail)
            let mailer = FileMailer(directory: dataDirectory.appendingPathComponent("mail"), logger: logger)
            let mailTransport = try sources.mailTransport(logger: logger)
            // A provider that refuses connections should fail the sign-in at once, not retry until the timeout.
            var http = HTTPClient.Configuration()
            http.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
            let (push, pushClient) = try sources.pushConfiguration(logger: logger)
            do {
                var services = ParlorServices(games: GameRegistry([Quortex.self, CrazyEights.self]), accounts: accounts, httpClient: client, mailer: mailer)
                services.push = push
                services.mailTransport = mailTransport
                services.purchases = try sources.purchasesConfiguration()
                services.links = try sources.linkConfiguration()
                services.chat = try sources.chatConfiguration()
                services.console = try sources.consoleConfiguration()
                try Self.applyNodeTimeout(sources, to: &services)
                try Self.applyWaitingGameExpiry(sources, to: &services)
                try await Self.serve(configuration: configuration, location: location, services: services, stopDeadline: stopDeadline, logger: logger)
                try await client.shutdown()
                try await pushClient?.shutdown()
            } catch {
                try? await client.shutdown()
                try? await pushClient?.shutdown()
                throw error
            }
        }
    }

    /// `node_timeout`: seconds a node may stay silent before the others sweep its connections;
    /// it beats four times in that time.
    static func applyNodeTimeout(_ sources: SettingSources, to services: inout ParlorServices) throws(CommandFailure) {
        guard let seconds = try sources.integer(nil, .nodeTimeout) else { return }
        guard (1...3600).contains(seconds) else { throw CommandFailure(.usage, "node_timeout must be 1 to 3600 seconds, not \(seconds)") }
        services.nodeTimeout = .seconds(seconds)
        services.nodeHeartbeat = .seconds(seconds) / 4
    }

    /// `shutdown_timeout`: seconds a stop may take before the process gives up on it.
    static func shutdownTimeout(_ sources: SettingSources) throws(CommandFailure) -> Duration {
        guard let seconds = try sources.integer(nil, .shutdownTimeout) else { return defaultShutdownTimeout }
        guard (1...3600).contains(seconds) else { throw CommandFailure(.usage, "shutdown_timeout must be 1 to 3600 seconds, not \(seconds)") }
        return .seconds(seconds)
    }

    /// A bound on a stop that hangs, not a target: a node counting out 15,000 sockets, one
    /// database write each, needs about half a minute to stop.
    static let defaultShutdownTimeout = Duration.seconds(60)

    static func serve(
        configuration: ServerConfiguration, location: DatabaseLocation, services: ParlorServices, stopDeadline: Duration, logger: Logger
    ) async throws {
        let progress = ShutdownProgress()
        let stopping = ServeStopping(deadline: stopDeadline, progress: progress, logger: logger)
        try await Database.withOpened(location, logger: logger) { database in
            let applied = try await Migrator.parlor.migrate(database)
            logger.info("database ready", metadata: ["database": "\(location)", "migrations_applied": "\(applied)"])
            let app = try await ParlorApplication.build(
                configuration: configuration,
                database: database,
                services: services,
                logger: logger,
                onServerRunning: { address in
                    let port = address?.port ?? configuration.port
                    // Unbuffered, so that a supervisor or test reading a pipe sees it at once.
                    FileHandle.standardOutput.write(Data("Parlor listening on http://\(configuration.host):\(port)\n".utf8))
                },
                shutdown: progress
            )
            do {
                try await stopping.run(app)
            } catch {
                throw CommandFailure.from(error, listeningOn: "\(configuration.host):\(configuration.port)")
            }
            progress.closingDatabase()
            logger.info("server stopped; closing the database")
        }
    }

    func serverConfiguration(_ sources: SettingSources) throws(CommandFailure) -> ServerConfiguration {
        let port = try sources.integer(port, .port) ?? ServerConfiguration.defaultPort
        guard (0...65535).contains(port) else { throw CommandFailure(.usage, "invalid port \(port); use 0…65535") }
        let maxBody = try sources.integer(maxBodyBytes, .maxBodyBytes) ?? ServerConfiguration.defaultMaxBodyBytes
        guard maxBody > 0 else { throw CommandFailure(.usage, "invalid body limit \(maxBody); use a positive number of bytes") }
        let host = sources.string(host, .host) ?? ServerConfiguration.defaultHost
        return ServerConfiguration(host: host, port: port, maxBodyBytes: maxBody, trustForwardedFor: try sources.flag(.trustForwardedFor))
    }
}
