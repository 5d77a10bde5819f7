import GameCore
import Testing

@testable import Quortex

#if canImport(FoundationXML)
    import Foundation
    import FoundationXML
#else
    import Foundation
#endif

/// Geometry facts and the SVG output of `QuortexSVG`. The SVG is checked with a real XML parser
/// (FoundationXML on Linux, Foundation elsewhere), used only here so the renderer itself stays
/// Foundation-free.
@Suite struct RenderingTests {
    let geometry = BoardGeometry(size: 30, padding: 12)

    // MARK: Geometry

    @Test func neighbouringCentresAreSizeRootThreeApart() {
        let expected = 30 * 3.0.squareRoot()
        for cell in Topology.cells {
            for direction in Direction.allCases where cell.neighbour(direction).isOnBoard {
                let distance = geometry.centre(of: cell).distance(to: geometry.centre(of: cell.neighbour(direction)))
                #expect(abs(distance - expected) < 1e-9, "\(cell) \(direction.abbreviation)")
            }
        }
    }

    @Test func neighboursShareEdgeMidpoints() {
        for cell in Topology.cells {
            for direction in Direction.allCases where cell.neighbour(direction).isOnBoard {
                let here = geometry.edgeMidpoint(of: cell, direction)
                let there = geometry.edgeMidpoint(of: cell.neighbour(direction), direction.opposite)
                #expect(here.distance(to: there) < 1e-9, "\(cell) \(direction.abbreviation)")
                let halfway = geometry.centre(of: cell).interpolated(
                    to: geometry.centre(of: cell.neighbour(direction)), 0.5)
                #expect(here.distance(to: halfway) < 1e-9)
            }
        }
    }

    @Test func directionsPointWhereTheirNamesSay() {
        let centre = geometry.centre(of: Cell(row: 0, col: 0))
        let west = geometry.edgeMidpoint(of: Cell(row: 0, col: 0), .west)
        let northEast = geometry.edgeMidpoint(of: Cell(row: 0, col: 0), .northEast)
        let southWest = geometry.edgeMidpoint(of: Cell(row: 0, col: 0), .southWest)
        #expect(west.x < centre.x && abs(west.y - centre.y) < 1e-9)
        #expect(northEast.x > centre.x && northEast.y < centre.y)
        #expect(southWest.x < centre.x && southWest.y > centre.y)
    }

    @Test func westEastCurveIsStraight() {
        let cell = Cell(row: 1, col: -2)
        let curve = geometry.curve(in: cell, from: .west, to: .east)
        let y = geometry.centre(of: cell).y
        for point in [curve.start, curve.control1, curve.control2, curve.end] {
            #expect(abs(point.y - y) < 1e-9)
        }
        for step in 0...10 {
            #expect(abs(curve.point(at: Double(step) / 10).y - y) < 1e-9)
        }
    }

    @Test func sharpAndWideCurvesFollowTheirArcs() {
        let cell = Cell(row: 0, col: 0)
        let hex = geometry.hex
        // A sharp between SW and W bends around their shared corner (lower-left) at radius size/2.
        let sharp = geometry.curve(in: cell, from: .southWest, to: .west)
        let corner = geometry.corners(of: cell)[1]
        // A wide pair SW–NW bends around the west neighbour's centre at radius 1.5·size.
        let wide = geometry.curve(in: cell, from: .southWest, to: .northWest)
        let westCentre = geometry.centre(of: cell.neighbour(.west))
        for step in 0...8 {
            let t = Double(step) / 8
            #expect(abs(sharp.point(at: t).distance(to: corner) - hex.size / 2) < hex.size * 0.002)
            #expect(abs(wide.point(at: t).distance(to: westCentre) - hex.size * 1.5) < hex.size * 0.002)
        }
    }

    @Test func everyCellLiesInsideTheBoardSize() {
        let corners = Topology.cells.flatMap(geometry.corners(of:))
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let size = geometry.boardSize
        #expect(Topology.cells.count == 37)
        #expect((xs.min() ?? -1) >= 12 - 1e-9 && (ys.min() ?? -1) >= 12 - 1e-9)
        #expect((xs.max() ?? .infinity) <= 12 + size.width + 1e-9 && (ys.max() ?? .infinity) <= 12 + size.height + 1e-9)
        // The box is tight: the extreme corners touch it.
        #expect(abs((xs.min() ?? 0) - 12) < 1e-9 && abs((ys.max() ?? 0) - (12 + size.height)) < 1e-9)
        #expect(geometry.canvasSize == Size(width: size.width + 24, height: size.height + 24))
    }

    @Test func portsLieOnTheBorderOfTheirSide() {
        let centre = geometry.boardCentre
        for port in Topology.ports {
            let edge = geometry.outerEdge(of: port)
            #expect(abs(edge.start.distance(to: edge.end) - geometry.size) < 1e-9)
            #expect(edge.midpoint.distance(to: geometry.edgeMidpoint(of: port.cell, port.direction)) < 1e-9)
            // Side 0 is lower-left, 2 the top, 5 the bottom: each edge lies out along its side's normal.
            let normal = BoardGeometry.outwardNormal(ofSide: port.side)
            let out = edge.midpoint - centre
            #expect(out.x * normal.x + out.y * normal.y > 4.5 * geometry.size, "\(port.cell) side \(port.side)")
        }
        #expect(BoardGeometry.outwardNormal(ofSide: 0).x < 0 && BoardGeometry.outwardNormal(ofSide: 0).y > 0)
        #expect(BoardGeometry.outwardNormal(ofSide: 2) == Point(x: 0, y: -1))
    }

    @Test func hitTestFindsEachCell() {
        for cell in Topology.cells {
            let centre = geometry.centre(of: cell)
            #expect(geometry.cell(at: centre) == cell)
            #expect(geometry.cell(at: centre + Point(x: geometry.size * 0.8, y: 0)) == cell)
        }
        #expect(geometry.cell(at: Point(x: 1, y: 1)) == nil)
        #expect(geometry.cell(at: Point(x: .nan, y: 0)) == nil)
    }

    @Test func fittingCentresTheBoard() {
        let fitted = BoardGeometry.fitting(Size(width: 1000, height: 400), padding: 10)
        #expect(abs(fitted.boardSize.height - 380) < 1e-9)
        #expect(abs(fitted.boardCentre.x - 500) < 1e-9 && abs(fitted.boardCentre.y - 200) < 1e-9)
    }

    @Test func numbersAreFormattedWithFixedDecimals() {
        #expect(SVGWriter.number(12.5) == "12.5")
        #expect(SVGWriter.number(3) == "3")
        #expect(SVGWriter.number(-0.001) == "0")
        #expect(SVGWriter.number(-2.345) == "-2.35" || SVGWriter.number(-2.345) == "-2.34")
        #expect(SVGWriter.number(0.05) == "0.05")
        #expect(SVGWriter.number(1.999) == "2")
        #expect(SVGWriter.number(.infinity) == "0")
    }

    // MARK: SVG

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

/// The elements of a parsed SVG document, in document order, with attributes and direct text.
private struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
        subscript(attribute: String) -> String? { attributes[attribute] }
    }

    var elements: [Element]
    var text: String
    var root: String? { elements.first?.name }

    /// Nil unless `svg` is well-formed XML.
    init?(_ svg: String) {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else { return nil }
        elements = collector.elements
        text = collector.elements.map(\.text).joined(separator: "\n")
    }

    func elements(classed name: String) -> [Element] {
        elements.filter { ($0["class"] ?? "").split(separator: " ").contains(Substring(name)) }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let index = open.last else { return }
            elements[index].text += string
        }
    }
}
