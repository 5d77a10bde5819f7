import ArgumentParser
import BestBall
import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ParlorTopDog

/// `parlor topdog tournament create`: what the admin route does, from the command line.
struct TournamentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tournament", abstract: "Manage tournaments.", subcommands: [CreateTournament.self])
}

struct CreateTournament: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a tournament; prints its id.")

    @Option(help: "The title the lobby shows.") var title: String
    @Option(help: "The entry fee in cents.") var entryFeeCents: Int64 = 0
    @Option(help: "Most entries in all (0 is unlimited).") var maxEntries = 0
    @Option(help: "Most entries per user (0 is unlimited).") var maxPerUser = 0
    @Option(help: "Prizes in cents by final rank, comma-separated, first place first.") var prizes = ""
    @Option(help: "fast (30 s a pick), slow (12 h) or custom (--pick-seconds).") var speed = "fast"
    @Option(help: "The pick clock for the custom speed.") var pickSeconds: Int?
    @Option(help: "Teams per room.") var teams = 12
    @Option(help: "Rounds.") var rounds = 18
    @Option(help: "Seconds from a room filling to its first pick.") var countdownSeconds = 10
    @Option(help: "Entries per playoff pod.") var podSize = 10
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let input = try input()
            let tournament = try await options.withMigratedDatabase { database in
                try await TournamentService.create(input, in: database, at: Date(), by: .commandLine)
            }
            print(tournament.id)
        }
    }

    func input() throws -> TournamentInput {
        var input = TournamentInput(title: title, entryFeeCents: entryFeeCents)
        input.maxEntries = maxEntries
        input.maxPerUser = maxPerUser
        let parts = prizes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let amounts = parts.compactMap { Int64($0) }
        guard amounts.count == parts.count else { throw CommandFailure(.usage, "--prizes takes whole cents separated by commas") }
        input.prizes = amounts
        guard let speed = Tournament.Speed(rawValue: speed) else { throw CommandFailure(.usage, "--speed is fast, slow or custom") }
        input.speed = speed
        input.pickSeconds = pickSeconds
        input.teams = teams
        input.rounds = rounds
        input.countdownSeconds = countdownSeconds
        input.podSize = podSize
        return input
    }
}

/// `parlor topdog complete ID`: score, advance, rank and pay a tournament whose drafts are done.
struct CompleteTournament: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "complete", abstract: "Score a tournament, record its standings and pay its prizes.")

    @Argument(help: "The tournament's id.") var tournament: String
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let result = try await options.withMigratedDatabase { database in
                do {
                    return try await TournamentCompletion(database: database, now: Date.init).complete(tournament.lowercased(), by: .commandLine)
                } catch let error as APIError {
                    throw CommandFailure(.dataError, error.message)
                }
            }
            for standing in result.standings.prefix(10) {
                print("\(standing.rank). \(standing.entry) \(standing.points) points, \(standing.prizeCents) cents")
            }
            print("\(result.standings.count) entries ranked")
        }
    }
}
