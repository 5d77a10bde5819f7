import Testing

@testable import Quortex

/// Facts about the shared board geometry that the SVG renderer and a SwiftUI Canvas both draw with.
@Suite struct GeometryTests {
    let geometry = BoardGeometry(size: 30, padding: 12)

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
}
