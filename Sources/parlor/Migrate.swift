import ArgumentParser
import Foundation
import ParlorDatabase
import ParlorServer

/// `parlor migrate`: apply pending migrations (or, with `--status`, only report them).
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations.")

    @Flag(help: "Report applied and pending migrations without changing anything.")
    var status = false

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let sources = try options.sources(.process)
            let location = try options.location(sources)
            let logger = try options.bootstrapLogging(sources)
            let migrator = Migrator.parlor
            try await Database.withOpened(location, logger: logger) { database in
                if status {
                    let report = try await migrator.status(database)
                    print("database: \(location)")
                    print("applied: \(Self.list(report.applied))")
                    print("pending: \(Self.list(report.pending))")
                    if !report.unknown.isEmpty { print("unknown to this build: \(Self.list(report.unknown))") }
                } else {
                    let applied = try await migrator.migrate(database)
                    print(applied.isEmpty ? "\(location) is up to date" : "applied migrations \(Self.list(applied)) to \(location)")
                }
            }
        }
    }

    static func list(_ versions: [Int]) -> String {
        versions.isEmpty ? "none" : versions.map(String.init).joined(separator: ", ")
    }
}
