import ArgumentParser
import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorServer

/// `parlor admin`: operator tasks on accounts.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Manage administrators.", subcommands: [AdminCreate.self])
}

/// `parlor admin create --username NAME`: the first admin, or the admin role for an existing user.
struct AdminCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a staff account (an admin, or a moderator with --role), or give an existing user that role.",
        discussion: "A new account's password is read from PARLOR_ADMIN_PASSWORD, else from the first line of standard input."
    )

    @Option(help: "The username (an existing user is given the role).")
    var username: String

    @Option(help: "admin (everything) or moderator (reports, suspensions, chat).")
    var role: StaffRole = .admin

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let sources = try options.sources(.process)
            let location = try options.location(sources)
            let logger = try options.bootstrapLogging(sources)
            let cost = try sources.integer(nil, .bcryptCost).map { UInt8(clamping: $0) } ?? 12
            let password = Environment.process["PARLOR_ADMIN_PASSWORD"] ?? readLine(strippingNewline: true)
            try await Database.withOpened(location, logger: logger) { database in
                _ = try await Migrator.parlor.migrate(database)
                do {
                    switch try await AdminAccounts.create(username: username, password: password, role: role, in: database, bcryptCost: cost) {
                    case .created(let id): print("created \(role.rawValue) \(username) (\(id))")
                    case .promoted(let id): print("gave \(username) (\(id)) the \(role.rawValue) role")
                    }
                } catch let failure as AdminAccounts.Failure {
                    throw CommandFailure(.usage, failure.description)
                }
            }
        }
    }
}

extension StaffRole: ExpressibleByArgument {}
