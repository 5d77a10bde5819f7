import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorNotifications
import ParlorServer

/// `parlor push`: push notification tools.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "push", abstract: "Push notification tools.", subcommands: [PushTest.self])
}

/// `parlor push test --user NAME`: a notification to every device of a user, through the
/// configured provider (APNs when its settings are given, else the log), with APNs' answers.
struct PushTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Send a test notification to every device of a user and print APNs' answers.")

    @Option(help: "The user's username or id.")
    var user: String

    @Option(help: "The notification's text.")
    var message = "Test notification from Parlor"

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let sources = try options.sources(.process)
            let location = try options.location(sources)
            let logger = try options.bootstrapLogging(sources)
            let (configuration, client) = try sources.pushConfiguration(logger: logger)
            do {
                try await send(location: location, configuration: configuration, logger: logger)
                try await client?.shutdown()
            } catch {
                try? await client?.shutdown()
                throw error
            }
        }
    }

    func send(location: DatabaseLocation, configuration: PushConfiguration, logger: Logger) async throws {
        try await Database.withOpened(location, logger: logger) { database in
            _ = try await Migrator.parlor.migrate(database)
            guard let id = try await database.withConnection({ try await UserDirectory.ids(named: [user], on: $0)[user] }) else {
                throw CommandFailure(.usage, "there is no user \(user)")
            }
            let push = NotificationsServices(database: database, configuration: configuration, now: Date.init, logger: logger)
            let reports = try await push.sender.sendTest(to: id, body: message)
            guard !reports.isEmpty else { throw CommandFailure(.noInput, "\(user) has no device registered for alerts") }
            for report in reports {
                let answer = report.status.map { $0 == 200 ? "delivered to APNs" : "refused (\($0) \(report.reason ?? ""))" } ?? "not reached; will retry"
                print("\(report.token.prefix(12))… \(report.environment): \(answer)")
            }
            if reports.contains(where: { $0.status != 200 }) { throw CommandFailure(.software, "not every device took the notification") }
        }
    }
}
