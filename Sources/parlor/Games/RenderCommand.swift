import ArgumentParser
import Foundation
import GameCore
import Quortex

/// `parlor quortex render`: draws the position a record reaches, as SVG.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Read a Quortex GameRecord (JSON) on stdin and write the final position as SVG."
    )

    @Option(help: "Draw the view of this seat (marked as you) instead of a spectator's.")
    var seat: Int?

    @Option(name: .shortAndLong, help: "Write the SVG to this file instead of standard output.")
    var output: String?

    func run() async throws {
        try await reportingFailures {
            let (record, state) = try readQuortexRecord()
            if let seat, !record.seats.indices.contains(seat) {
                throw CommandFailure(.usage, "--seat \(seat) is not a seat of this \(record.seats.count)-player game")
            }
            let view = Quortex.view(of: state, for: seat.map { .player(seat: $0) } ?? .spectator)
            let svg = QuortexSVG.render(view)
            guard let output else {
                print(svg)
                return
            }
            do {
                try Data((svg + "\n").utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure(.cannotCreate, "cannot write \(output): \(error.localizedDescription)")
            }
        }
    }
}
