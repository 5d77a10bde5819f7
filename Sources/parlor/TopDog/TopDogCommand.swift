import ArgumentParser
import BestBall
import Foundation
import ParlorDatabase
import ParlorServer
import ParlorTopDog

/// `parlor topdog`: TopDog's operator tasks — the player pool, weekly points, tournaments — and
/// the draft simulator.
struct TopDogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topdog", abstract: "TopDog best ball: players, points, tournaments, simulated drafts.",
        subcommands: [ImportPlayers.self, ImportPoints.self, TournamentCommand.self, CompleteTournament.self, SimulateDrafts.self])
}

extension CommonOptions {
    /// Opens the configured database, migrated, for `body`.
    func withMigratedDatabase<Result: Sendable>(_ body: @escaping @Sendable (Database) async throws -> Result) async throws -> Result {
        let sources = try self.sources(.process)
        let location = try self.location(sources)
        let logger = try bootstrapLogging(sources)
        return try await Database.withOpened(location, logger: logger) { database in
            _ = try await Migrator.parlor.migrate(database)
            return try await body(database)
        }
    }
}

/// Reads a whole text file named on the command line.
func readTextFile(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure(.noInput, "cannot read \(path)") }
    guard let text = String(data: data, encoding: .utf8) else { throw CommandFailure(.dataError, "\(path) is not UTF-8 text") }
    return text
}

/// `parlor topdog import-players FILE`: adds or updates players from CSV; one bad field refuses the file.
struct ImportPlayers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-players", abstract: "Add or update the player pool from a CSV file.",
        discussion: "Columns: \(PlayerImport.playerColumns.joined(separator: ", ")). Every row is checked first; any problem (named by line and field) imports nothing.")

    @Argument(help: "The CSV file.") var file: String
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let players: [DraftPlayer]
            do {
                players = try PlayerImport.players(csv: try readTextFile(file))
            } catch let failure as ImportFailure {
                throw CommandFailure(.dataError, "\(file) was not imported:\n\(failure.description)")
            }
            try await options.withMigratedDatabase { database in
                let time = Int64(Date().timeIntervalSince1970 * 1000)
                try await database.transaction { sql in try await PlayerStore.upsert(players, at: time, on: sql) }
            }
            print("imported \(players.count) players from \(file)")
        }
    }
}

/// `parlor topdog import-points FILE`: weekly points or stat lines, scored half-PPR.
struct ImportPoints: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-points", abstract: "Import weekly points (or stat lines, scored half-PPR) from a CSV file.",
        discussion: "Columns: week, player_id, and points or stat columns (receptions, rushing_yards, receiving_yards, rushing_touchdowns, receiving_touchdowns, passing_yards, passing_touchdowns, interceptions, two_point_conversions, fumbles_lost).")

    @Argument(help: "The CSV file.") var file: String
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let text = try readTextFile(file)
            let count = try await options.withMigratedDatabase { database in
                let known = Set(try await database.withConnection { sql in try await PlayerStore.all(on: sql) }.map(\.id))
                let points: [WeekPoints]
                do {
                    points = try PlayerImport.weeklyPoints(csv: text, knownPlayers: known)
                } catch let failure as ImportFailure {
                    throw CommandFailure(.dataError, "\(file) was not imported:\n\(failure.description)")
                }
                try await database.transaction { sql in try await WeekPointsStore.upsert(points, on: sql) }
                return points.count
            }
            print("imported \(count) weekly scores from \(file)")
        }
    }
}
