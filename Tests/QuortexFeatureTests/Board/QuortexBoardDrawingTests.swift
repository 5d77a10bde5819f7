import AppFoundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature

/// What the canvas draws, decided from a board picture, a canvas size and a theme.
@MainActor
@Suite struct QuortexBoardDrawingTests {
    static let canvas = Size(width: 390, height: 520)

    /// A game some moves in, with flows on the board; the viewer (seat 0) to move.
    static func midGame(moves: Int = 6, seed: UInt64 = 7) async throws -> BotTableForTests {
        let table = try await BotTableForTests(seed: seed)
        for _ in 0..<moves where !table.model.table.isOver {
            table.model.jumpToLegal(forward: true)
            await table.model.place()
            await table.settle()
        }
        return table
    }

    @Test func cellsAreTheGeometrysHexagonsTintedWhereTheTileMayGo() async throws {
        let table = try await Self.midGame()
        let picture = try #require(table.model.board)
        let drawing = QuortexBoardDrawing(picture: picture, canvas: Self.canvas, theme: .standard)
        let geometry = QuortexBoardLayout.geometry(for: Self.canvas)
        #expect(drawing.geometry == geometry)
        #expect(drawing.cells.map(\.cell) == Topology.cells)
        let palette = QuortexPalette.standard
        for shape in drawing.cells {
            #expect(shape.corners == geometry.corners(of: shape.cell))
            let legal = table.model.legalCells.contains(shape.cell)
            #expect(shape.isLegal == legal)
            #expect(shape.fill == (legal ? palette.legalCell : palette.emptyCell), "\(shape.cell.name)")
        }
        #expect(drawing.cells.contains { $0.isLegal }, "the viewer to move has somewhere to go")
        #expect(drawing.background == palette.background)
    }

    @Test func tilesArePlacedTilesWithTheirThreeCurves() async throws {
        let table = try await Self.midGame()
        let view = try #require(table.model.view)
        let drawing = QuortexBoardDrawing(picture: try #require(table.model.board), canvas: Self.canvas, theme: .neon)
        #expect(drawing.tiles.count == view.position.board.tileCount)
        for shape in drawing.tiles {
            let cell = try #require(shape.cell)
            let tile = try #require(view.position.board[cell])
            #expect(shape.paths == drawing.geometry.curves(of: tile, in: cell))
            #expect(shape.face == QuortexPalette.neon.tileFace && shape.path.colour == QuortexPalette.neon.tileConnection)
        }
    }

    @Test func flowsAreTheirSeatsColourAlongTheirStepsWithOpenEndsMarked() async throws {
        let table = try await Self.midGame()
        let picture = try #require(table.model.board)
        #expect(!picture.flows.isEmpty)
        for theme in QuortexTheme.allCases {
            let drawing = QuortexBoardDrawing(picture: picture, canvas: Self.canvas, theme: theme)
            #expect(drawing.flows.count == picture.flows.count)
            for (flow, shape) in zip(picture.flows, drawing.flows) {
                #expect(shape.seat == flow.seat && shape.stroke.colour == theme.palette.seat(flow.seat))
                #expect(shape.curves == flow.curves(in: drawing.geometry))
                // Consecutive steps join: one continuous stroke.
                for (a, b) in zip(shape.curves, shape.curves.dropFirst()) { #expect(a.end.distance(to: b.start) < 1e-9) }
                #expect((shape.end != nil) == (flow.exitSide == nil))
                #expect(shape.halo == nil && shape.stroke.dash.isEmpty)
            }
        }
    }

    @Test func theWinningPathHasAHaloAndAResignedSeatIsGreyAndDashed() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 11)
        var random = GameRandom(seed: GameSeed(5))
        while state.outcome == nil, let move = QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random) {
            state = try Quortex.reduce(state, .place(move), by: state.currentSeat)
        }
        let outcome = try #require(state.outcome)
        let view = Quortex.view(of: state, for: .spectator)
        let drawing = QuortexBoardDrawing(picture: QuortexBoardPicture(view: view, cursor: nil), canvas: Self.canvas, theme: .standard)
        let winning = drawing.flows.filter(\.isWinning)
        if outcome.winType == .flow {
            #expect(!winning.isEmpty)
            for shape in winning {
                #expect(outcome.winners.contains(shape.seat))
                #expect(shape.halo?.colour == QuortexPalette.standard.halo)
                #expect((shape.halo?.width ?? 0) > shape.stroke.width)
            }
        }
        #expect(drawing.flows.filter { !$0.isWinning }.allSatisfy { $0.halo == nil })

        var resigned = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 3)
        for _ in 0..<9 {
            let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: resigned.position, random: &random))
            resigned = try Quortex.reduce(resigned, .place(move), by: resigned.currentSeat)
        }
        resigned = try Quortex.reduce(resigned, .resign, by: 1)
        let picture = QuortexBoardPicture(view: Quortex.view(of: resigned, for: .player(seat: 0)), cursor: nil)
        let shapes = QuortexBoardDrawing(picture: picture, canvas: Self.canvas, theme: .ocean).flows
        for shape in shapes {
            if shape.seat == 1 {
                #expect(shape.stroke.colour == QuortexPalette.ocean.resigned && shape.stroke.dash.count == 2)
            } else {
                #expect(shape.stroke.colour == QuortexPalette.ocean.seat(shape.seat) && shape.stroke.dash.isEmpty)
            }
        }
    }

    @Test func sidesAndBadgesShowWhoOwnsOrAimsForEachSide() throws {
        // Three solo players on sides 0, 2, 4 aiming at 3, 5, 1.
        let state = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 7)
        let picture = QuortexBoardPicture(view: Quortex.view(of: state, for: .spectator), cursor: nil)
        let drawing = QuortexBoardDrawing(picture: picture, canvas: Self.canvas, theme: .aurora)
        let palette = QuortexPalette.aurora
        #expect(drawing.sides.map(\.side) == Array(0..<6))
        #expect(drawing.sides[0].stroke.colour == palette.seat(0))
        #expect(drawing.sides[3].stroke.colour == palette.target(ofSeat: 0))
        #expect(drawing.sides[0].edges == Topology.ports(ofSide: 0).map(drawing.geometry.outerEdge(of:)))
        #expect(drawing.badges.count == 6)
        let owned = try #require(drawing.badges.first { $0.side == 2 })
        #expect(owned.text == "2" && owned.fill == palette.seat(1) && owned.textColour == palette.badgeText)
        let target = try #require(drawing.badges.first { $0.side == 5 })
        #expect(target.text == "2" && target.fill == palette.background && target.textColour == palette.seat(1))
        // Four players: two teams; sides 2 and 5 belong to nobody and get no badge.
        let four = try Quortex.initialState(players: GamePlayer.seats(4), settings: QuortexSettings(), seed: 7)
        let teams = QuortexBoardDrawing(
            picture: QuortexBoardPicture(view: Quortex.view(of: four, for: .spectator), cursor: nil), canvas: Self.canvas, theme: .aurora)
        #expect(teams.sides[5].stroke.colour == palette.unownedSide)
        #expect(Set(teams.badges.map(\.side)) == [0, 1, 3, 4])
    }

    @Test func theCursorAndTheLastMovesAreRingsOnTop() async throws {
        let table = try await Self.midGame(moves: 1)
        let model = table.model
        let picture = try #require(model.board)
        let drawing = QuortexBoardDrawing(picture: picture, canvas: Self.canvas, theme: .midnight)
        let (lastCell, seat) = try #require(model.lastMoveCells.first)
        let last = try #require(drawing.rings.first { $0.kind == .lastMove(seat: seat) })
        #expect(last.cell == lastCell && last.stroke.colour == QuortexPalette.midnight.seat(seat))
        let cursor = try #require(drawing.rings.last)
        #expect(cursor.kind == .cursor && cursor.cell == model.cursor.cell)
        #expect(cursor.stroke.dash.isEmpty == model.cursorIsLegal, "an illegal cursor cell is dashed")
        // The ring sits inside its cell.
        let centre = drawing.geometry.centre(of: cursor.cell)
        #expect(cursor.corners.allSatisfy { $0.distance(to: centre) < drawing.geometry.size })
    }

    @Test func theBoardBadgesAndLabelsFitTheCanvasAndOnlyTheGeometryScales() async throws {
        let table = try await Self.midGame(moves: 2)
        let picture = try #require(table.model.board)
        for canvas in [Size(width: 390, height: 520), Size(width: 1000, height: 300), Size(width: 200, height: 900)] {
            let drawing = QuortexBoardDrawing(picture: picture, canvas: canvas, theme: .sunset)
            let points =
                drawing.cells.flatMap(\.corners) + drawing.badges.map(\.centre) + drawing.labels.map(\.centre)
                + drawing.sides.flatMap { $0.edges.flatMap { [$0.start, $0.end] } }
            for point in points {
                #expect(point.x >= 0 && point.x <= canvas.width && point.y >= 0 && point.y <= canvas.height, "\(point) in \(canvas)")
            }
            #expect(drawing.labels.map(\.text) == ["a", "b", "c", "d", "e", "f", "g", "1", "2", "3", "4", "5", "6", "7"])
        }
        // A canvas not laid out yet draws an empty board and hits no cell.
        for canvas in [Size(width: 0, height: 0), Size(width: -5, height: .nan), Size(width: .infinity, height: 300)] {
            let geometry = QuortexBoardDrawing(picture: picture, canvas: canvas, theme: .standard).geometry
            #expect(geometry.size == 0 && geometry.cell(at: Point(x: 0, y: 0)) == nil, "\(canvas)")
        }
    }

    @Test func theDraggedTileIsTheDrawnTileAtTheFingerTheSizeOfACell() async throws {
        let table = try await Self.midGame(moves: 0)
        let drawn = try #require(table.model.board?.drawnTile)
        let geometry = QuortexBoardLayout.geometry(for: Self.canvas)
        let finger = Point(x: 100, y: 450)
        let shape = QuortexBoardDrawing.drawnTile(drawn.tile, around: finger, in: geometry, theme: .classicWood)
        #expect(shape.cell == nil)
        #expect(shape.paths == geometry.hex.curves(around: finger, of: drawn.tile))
        #expect(shape.corners == geometry.hex.corners(around: finger))
        #expect(shape.face == QuortexPalette.classicWood.tileFace)
    }
}
