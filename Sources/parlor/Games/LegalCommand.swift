import ArgumentParser
import GameCore
import Quortex

/// `parlor quortex legal`: who is to move in a recorded game, with what tile, and where it may go.
struct LegalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legal",
        abstract: "Read a Quortex GameRecord (JSON) on stdin; print the current player, drawn tile and every legal placement."
    )

    struct Report: Encodable {
        struct Move: Encodable {
            var row: Int
            var col: Int
            var rotation: Int
            var notation: String
        }

        var currentSeat: Int?
        var side: Int?
        var drawnTile: TileType?
        var legal: [Move]
        var outcome: GameOutcome?

        private enum CodingKeys: String, CodingKey {
            case currentSeat = "current_seat", side, drawnTile = "drawn_tile", legal, outcome
        }
    }

    func run() async throws {
        try await reportingFailures {
            let (_, state) = try readQuortexRecord()
            let over = state.isOver
            let legal = over ? [] : state.position.legalPlacements
            try printJSON(
                Report(
                    currentSeat: over ? nil : state.currentSeat,
                    side: over ? nil : state.position.currentSlot.side,
                    drawnTile: state.drawn,
                    legal: legal.map {
                        Report.Move(
                            row: $0.cell.row, col: $0.cell.col, rotation: $0.rotation,
                            notation: QuortexAction.place($0).notation)
                    },
                    outcome: state.outcome))
        }
    }
}
