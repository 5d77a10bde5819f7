import ArgumentParser
import CrazyEights
import Foundation
import GameCore
import ParlorDatabase
import ParlorEvents
import ParlorPlay
import ParlorServer
import ParlorSocial
import Quortex

/// `parlor bench leaderboard --entries N`: fills a leaderboard in the configured database (use an
/// empty one) and prints p50 and p99 of its three reads while results keep being recorded.
struct LeaderboardBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Time top-100, my-rank-with-neighbours and friends-only reads on a board of N entries, with writes going on.",
        discussion: "Writes users and entries straight into the database it is given: point it at an empty one.")

    @Option(help: "Entries on the board.") var entries = 100_000
    @Option(help: "Distinct scores the entries spread over (a rating spread by default); 0 makes every score distinct.")
    var distinctScores = 2_000
    @Option(help: "Friends of each of the first 10,000 users.") var friends = 100
    @Option(help: "Timed rounds of each read.") var rounds = 2_000
    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard entries >= 100, rounds > 0, distinctScores >= 0, (0...1000).contains(friends) else {
            throw ValidationError("--entries ≥ 100, --rounds > 0, --distinct-scores ≥ 0 and --friends 0…1000")
        }
    }

    func run() async throws {
        let (entries, distinct, friends, rounds) = (self.entries, self.distinctScores, self.friends, self.rounds)
        try await options.withMigratedDatabase { database in
            let bus = LocalEventBus()
            let social = SocialServices(
                database: database, engines: GameEngines(GameRegistry([Quortex.self, CrazyEights.self])), bus: bus, now: Date.init)
            let bench = LeaderboardBenchmark(
                database: database, social: social, board: "quortex.rating", entries: entries,
                distinctScores: distinct == 0 ? entries : distinct, friendsPerUser: friends)
            let started = ContinuousClock.now
            do {
                try await bench.fill { done in if done % 100_000 == 0 { print("filled \(done)") } }
            } catch {
                throw CommandFailure(.software, "filling the board failed (is the database empty?): \(String(reflecting: error))")
            }
            print("filled \(entries) entries in \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s (\(database.dialect))")
            let (reads, baseline, writes) = try await bench.measure(rounds: rounds)
            for figures in [baseline] + reads {
                let name = figures.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                print(name + String(format: "p50 %7.2f ms   p99 %7.2f ms   max %7.2f ms   (%d reads)", figures.p50, figures.p99, figures.max, figures.count))
            }
            let worst = reads.map(\.p99).max() ?? 0
            print(String(format: "writes during the reads: %.0f results/s; worst p99 / SELECT 1 p99 = %.1f×", writes, baseline.p99 == 0 ? 0 : worst / baseline.p99))
        }
    }
}
