import ArgumentParser
import Foundation
import GameCore
import Quortex

/// `parlor bench quortex-view`: what one player's view costs to write on every move, the way the
/// server writes it (by hand, ``QuortexView/writeJSON(to:)``) against the same encoder going through
/// the view's containers and against `JSONEncoder`, all in one run so the ratios hold on any machine.
struct QuortexViewBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quortex-view",
        abstract: "Time to encode mid-game Quortex views: written by hand, through Encodable, and by JSONEncoder."
    )

    @Option(help: "Mid-game views to encode (the mover's, from seeded self-play, 2 to 6 players).")
    var views = 300

    @Option(help: "Rounds over all views per encoder.")
    var rounds = 20

    func validate() throws {
        guard views > 0, rounds > 0 else { throw ValidationError("--views and --rounds must be positive") }
    }

    /// The view through its containers: the direct encoder's path before views were written by hand.
    private struct ThroughFields: Encodable {
        let view: QuortexView
        func encode(to encoder: any Encoder) throws { try view.encodeFields(to: encoder) }
    }

    func run() async throws {
        try await reportingFailures {
            let sample = try midGameViews()
            let direct = DirectJSONEncoder()
            let foundation = JSONEncoder()
            var bytes = 0
            let written = try measure { for view in sample { bytes += try direct.encode(view).count } }
            let fields = try measure { for view in sample { _ = try direct.encode(ThroughFields(view: view)) } }
            let tree = try measure { for view in sample { _ = try foundation.encode(view) } }
            let count = Double(sample.count * rounds)
            func micros(_ duration: Duration) -> Double { (Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12) / count }
            func format(_ value: Double) -> String { String(format: "%.2f", value) }
            print("quortex-view: \(sample.count) mid-game views of the mover × \(rounds) rounds, \(bytes / Int(count)) bytes each on average")
            print("  written by hand:            \(format(micros(written))) µs a view")
            print("  through Encodable (direct): \(format(micros(fields))) µs a view, \(format(micros(fields) / micros(written)))× the hand-written")
            print("  JSONEncoder:                \(format(micros(tree))) µs a view, \(format(micros(tree) / micros(written)))× the hand-written")
        }
    }

    private func measure(_ body: () throws -> Void) throws -> Duration {
        try body()  // warm-up
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<rounds { try body() }
        return clock.now - start
    }

    /// The mover's view after 10 to 25 placements of random self-play, as a move's frame carries it.
    private func midGameViews() throws -> [QuortexView] {
        var found: [QuortexView] = []
        var seed: UInt64 = 1
        var random = GameRandom(seed: 2026)
        while found.count < views {
            var state = try Quortex.initialState(players: GamePlayer.seats(2 + Int(seed % 5)), settings: QuortexSettings(), seed: GameSeed(seed))
            seed += 1
            while !state.isOver, found.count < views {
                if (10...25).contains(state.placements) { found.append(QuortexView(state: state, viewer: .player(seat: state.currentSeat))) }
                guard let placement = random.element(of: state.position.legalPlacements) else { break }
                state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
            }
        }
        return found
    }
}
