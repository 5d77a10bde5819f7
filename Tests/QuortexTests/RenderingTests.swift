import GameCore
import Testing

@testable import Quortex

/// The SVG output of `QuortexSVG`, checked with a real XML parser (see `ParsedSVG`).
@Suite struct RenderingTests {

    @Test func svgIsWellFormedWithOneGroupPerTile() throws {
        let view = try Self.midGame(players: 4, placements: 14)
        let svg = QuortexSVG.render(view)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.hasSuffix("</svg>\n"))
        let document = try #require(ParsedSVG(svg))
        #expect(document.root == "svg")
        #expect(view.position.board.tileCount == 14)
        #expect(document.elements(classed: "tile").count == 14)
        #expect(document.elements(classed: "drawn-tile").count == (view.position.drawn == nil ? 0 : 1))
        #expect(document.elements(classed: "side").count == 6)
    }

    @Test func flowsAreDrawnInTheirSeatColour() throws {
        let view = try Self.midGame(players: 4, placements: 14)
        let document = try #require(ParsedSVG(QuortexSVG.render(view)))
        let flows = document.elements(classed: "flow")
        #expect(!view.flows.isEmpty)
        #expect(flows.count == view.flows.count)
        for (flow, element) in zip(view.flows, flows) {
            #expect(element["class"]?.contains("seat-\(flow.seat)") == true)
            #expect(element["stroke"] == Palette.seat(flow.seat).hexString)
        }
    }

    @Test func sidesAreColouredByOwner() throws {
        // Three players: solo seats on sides 0, 2, 4 aiming at 3, 5, 1.
        let state = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 7)
        let document = try #require(ParsedSVG(QuortexSVG.render(Quortex.view(of: state, for: .spectator))))
        let stroke = { (side: Int) in document.elements(classed: "side-\(side)").first?["stroke"] }
        #expect(stroke(0) == Palette.seat(0).hexString)
        #expect(stroke(2) == Palette.seat(1).hexString)
        #expect(stroke(3) == Palette.target(ofSeat: 0).hexString)
        #expect(stroke(1) == Palette.target(ofSeat: 2).hexString)
        // Four players form two teams; sides 2 and 5 belong to nobody.
        let four = try Quortex.initialState(players: GamePlayer.seats(4), settings: QuortexSettings(), seed: 7)
        let teams = try #require(ParsedSVG(QuortexSVG.render(Quortex.view(of: four, for: .spectator))))
        #expect(teams.elements(classed: "side-5").first?["stroke"] == Palette.unownedSide.hexString)
        #expect(teams.elements(classed: "side-3").first?["stroke"] == Palette.seat(2).hexString)
    }

    @Test func playerNamesAreEscaped() throws {
        let players = [GamePlayer(id: "a", name: "<script>&"), GamePlayer(id: "b", name: "\"Bob\" O'Hara\u{1}")]
        var state = try Quortex.initialState(players: players, settings: QuortexSettings(), seed: 7)
        state = try Self.play(state, placements: 3)
        let svg = QuortexSVG.render(Quortex.view(of: state, for: .player(seat: 0)))
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;&amp;"))
        #expect(svg.contains("&quot;Bob&quot; O&apos;Hara"))
        let document = try #require(ParsedSVG(svg))
        #expect(document.text.contains("<script>&"))
        #expect(!document.text.contains("\u{1}"))
    }

    @Test func outputIsDeterministic() throws {
        let first = try Self.midGame(players: 5, placements: 12)
        let second = try Self.midGame(players: 5, placements: 12)
        #expect(QuortexSVG.render(first) == QuortexSVG.render(second))
        let options = QuortexSVG.Options(hexSize: 25, showsPanel: false, showsCellNames: false)
        #expect(QuortexSVG.render(first, options: options) == QuortexSVG.render(second, options: options))
        #expect(QuortexSVG.render(first, options: options) != QuortexSVG.render(first))
    }

    @Test func finishedGameShowsTheOutcome() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 7)
        state = try Self.play(state, placements: 40)
        let outcome = try #require(state.outcome)
        let view = Quortex.view(of: state, for: .spectator)
        let svg = QuortexSVG.render(view)
        let document = try #require(ParsedSVG(svg))
        let status = try #require(document.elements(classed: "status").first)
        #expect(status.text == (outcome.winners.count == 1 ? "Player \(outcome.winners[0] + 1) wins" : "Winners:"))
        #expect(document.text.contains(SVGScene.describe(outcome.winType)))
        #expect(document.elements(classed: "drawn-tile").isEmpty)
        if outcome.winType == .flow {
            #expect(!document.elements(classed: "winning").isEmpty)
        }
    }

    @Test func resignationIsShown() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 11)
        state = try Self.play(state, placements: 15)
        state = try Quortex.reduce(state, .resign, by: 0)
        let view = Quortex.view(of: state, for: .spectator)
        let document = try #require(ParsedSVG(QuortexSVG.render(view)))
        let resignedFlows = document.elements(classed: "seat-0").filter { $0.name == "path" }
        #expect(!resignedFlows.isEmpty)
        for element in resignedFlows {
            #expect(element["stroke"] == Palette.resigned.hexString)
            #expect(element["stroke-dasharray"] != nil)
        }
        #expect(document.text.contains("resigned"))
        state = try Quortex.reduce(state, .resign, by: 1)
        let over = try #require(ParsedSVG(QuortexSVG.render(Quortex.view(of: state, for: .spectator))))
        #expect(over.elements(classed: "status").first?.text == "Player 3 wins")
        #expect(over.text.contains("everyone else resigned"))
    }

    // MARK: Helpers

    /// Plays up to `placements` tiles (fewer if the game ends), choosing a spread-out legal
    /// placement each turn so games differ from move to move but never between runs.
    static func play(_ start: QuortexState, placements: Int) throws -> QuortexState {
        var state = start
        for step in 0..<placements where state.outcome == nil {
            let legal = state.position.legalPlacements
            guard !legal.isEmpty else { break }
            let placement = legal[(step * 7 + 3) % legal.count]
            state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
        }
        return state
    }

    static func midGame(players: Int, placements: Int) throws -> QuortexView {
        let state = try Quortex.initialState(players: GamePlayer.seats(players), settings: QuortexSettings(), seed: 7)
        return Quortex.view(of: try play(state, placements: placements), for: .spectator)
    }
}
