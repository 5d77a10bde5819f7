import ArgumentParser
import GameCore
import Quortex

/// `parlor bench`: speed figures for the hot paths. Run it on a release build:
/// `swift run -c release parlor bench quortex-legal`.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print speed figures (use a release build).",
        subcommands: [QuortexLegalBench.self, QuortexViewBench.self, SyncBench.self, LeaderboardBench.self, EchoServerBench.self]
    )
}

struct QuortexLegalBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quortex-legal",
        abstract: "Median time to enumerate every legal placement of the drawn tile on mid-game boards."
    )

    @Option(help: "Mid-game positions to measure (taken from seeded self-play, 10–25 tiles placed).")
    var positions = 500

    @Option(help: "Timed enumerations per position.")
    var repetitions = 20

    func validate() throws {
        guard positions > 0, repetitions > 0 else { throw ValidationError("--positions and --repetitions must be positive") }
    }

    func run() async throws {
        try await reportingFailures {
            let boards = try midGamePositions()
            var samples: [Duration] = []
            var legalCount = 0
            let clock = ContinuousClock()
            for position in boards {
                for _ in 0..<repetitions {
                    var found: [Placement] = []
                    let elapsed = clock.measure { found = position.legalPlacements }
                    samples.append(elapsed)
                    legalCount += found.count
                }
            }
            samples.sort()
            func micros(_ duration: Duration) -> String {
                let value = Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
                return String(Int((value * 10).rounded())) .inserting(".", fromEnd: 1) + " µs"
            }
            let average = Double(legalCount) / Double(samples.count)
            print("quortex-legal: \(boards.count) mid-game positions × \(repetitions) runs")
            print("  median \(micros(samples[samples.count / 2]))  p90 \(micros(samples[samples.count * 9 / 10]))  max \(micros(samples[samples.count - 1]))")
            print("  legal placements per position: \(Int(average.rounded())) on average")
        }
    }

    /// Positions with 10 to 25 tiles from random self-play, so boards are varied and realistic.
    func midGamePositions() throws -> [QuortexPosition] {
        var found: [QuortexPosition] = []
        var seed: UInt64 = 1
        var random = GameRandom(seed: 2024)
        while found.count < positions {
            var state = try Quortex.initialState(
                players: GamePlayer.seats(2 + Int(seed % 5)), settings: QuortexSettings(), seed: GameSeed(seed))
            seed += 1
            while !state.isOver, found.count < positions {
                if (10...25).contains(state.placements) { found.append(state.position) }
                guard let placement = random.element(of: state.position.legalPlacements) else { break }
                state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
            }
        }
        return found
    }
}

extension String {
    fileprivate func inserting(_ mark: Character, fromEnd offset: Int) -> String {
        var text = count <= offset ? String(repeating: "0", count: offset + 1 - count) + self : self
        text.insert(mark, at: text.index(text.endIndex, offsetBy: -offset))
        return text
    }
}
