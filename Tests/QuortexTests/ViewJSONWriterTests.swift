import Foundation
import GameCore
import Testing

@testable import Quortex

/// A view written by hand for the direct encoder (``QuortexView/writeJSON(to:)``) is, byte for
/// byte, the JSON its keyed container writes, for every viewer of every state of whole games,
/// with resignations, outcomes and names that need escaping; and it still reads back as the view.
@Suite struct ViewJSONWriterTests {
    /// The view through its container, not the hand-written path.
    struct ThroughFields: Encodable {
        let view: QuortexView
        func encode(to encoder: any Encoder) throws { try view.encodeFields(to: encoder) }
    }

    static func expectSame(_ view: QuortexView, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try DirectJSONEncoder().encode(view)
        let fields = try DirectJSONEncoder().encode(ThroughFields(view: view))
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: fields, as: UTF8.self), sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(QuortexView.self, from: Data(written)) == view, sourceLocation: sourceLocation)
    }

    @Test(arguments: [2, 3, 4, 5, 6])
    func everyViewOfWholeGamesIsWrittenAsItsContainerWritesIt(players: Int) throws {
        var views = 0
        _ = try randomGame(players: players, seed: UInt64(40 + players)) { state, _ in
            for viewer in [Viewer.spectator] + (0..<players).map({ Viewer.player(seat: $0) }) {
                try Self.expectSame(QuortexView(state: state, viewer: viewer))
                views += 1
            }
        }
        #expect(views > players * 10)
    }

    @Test func resignationsOutcomesAndEscapedNamesAreWrittenAsTheContainerWritesThem() throws {
        let players = [
            GamePlayer(id: "a\"b", name: "Ann \"the\" / bot\n"), GamePlayer(id: "é🎲", name: ""), GamePlayer(id: "c", name: "\\"),
        ]
        var state = try Quortex.initialState(players: players, settings: QuortexSettings(), seed: GameSeed(3))
        for placement in state.position.legalPlacements.prefix(1) {
            state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
        }
        let resigned = try Quortex.reduce(state, .resign, by: 1)
        #expect(!resigned.position.resignedCamps.isEmpty)
        let over = try Quortex.reduce(resigned, .resign, by: 2)
        #expect(over.outcome != nil)
        for state in [state, resigned, over] {
            for viewer in [Viewer.spectator, .player(seat: 0), .player(seat: 1), .player(seat: 2)] {
                var view = QuortexView(state: state, viewer: viewer)
                try Self.expectSame(view)
                // With nothing drawn (the bag ran out) the key is left out.
                view.position.drawn = nil
                try Self.expectSame(view)
            }
        }
    }

    /// Any other encoder still gets the view's fields.
    @Test func otherEncodersGetTheFields() throws {
        let state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: GameSeed(9))
        let view = QuortexView(state: state, viewer: .player(seat: state.currentSeat))
        let foundation = try JSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(QuortexView.self, from: foundation) == view)
        let direct = try DirectJSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(JSONValue.self, from: foundation) == JSONDecoder().decode(JSONValue.self, from: Data(direct)))
    }
}
