import AppFoundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature

/// Touch on the board: which cell a point is in, dragging the drawn tile onto a cell, turning it.
@MainActor
@Suite struct QuortexBoardGestureTests {
    static let canvas = Size(width: 390, height: 520)

    static func centre(of cell: Cell) -> Point { QuortexBoardLayout.geometry(for: canvas).centre(of: cell) }

    @Test func everyCellIsHitAtItsCentreAndNearItsCornersAndNothingOffTheBoard() async throws {
        let model = try await BotTableForTests(seed: 7).model
        let geometry = QuortexBoardLayout.geometry(for: Self.canvas)
        for cell in Topology.cells {
            #expect(model.cell(at: geometry.centre(of: cell), canvas: Self.canvas) == cell)
            for corner in geometry.corners(of: cell) {
                let inside = corner.interpolated(to: geometry.centre(of: cell), 0.1)
                #expect(model.cell(at: inside, canvas: Self.canvas) == cell)
            }
        }
        for point in [Point(x: 2, y: 2), Point(x: Self.canvas.width - 2, y: Self.canvas.height - 2), Point(x: -50, y: 200), Point(x: .nan, y: 3)] {
            #expect(model.cell(at: point, canvas: Self.canvas) == nil, "\(point)")
        }
        model.tap(at: Self.centre(of: Cell(row: 3, col: 0)), canvas: Self.canvas)
        #expect(model.cursor.cell.name == "g4")
        model.tap(at: Point(x: 1, y: 1), canvas: Self.canvas)
        #expect(model.cursor.cell.name == "g4", "a tap off the board moves nothing")
    }

    @Test func theTileFollowsTheFingerAndSaysWhetherTheCellUnderItIsLegal() async throws {
        let (model, _) = await Self.model(of: try Self.positionWithCutOffs())
        let legal = try #require(model.legalCells.first)
        let illegal = try #require(Topology.cells.first { !model.legalCells.contains($0) })
        model.dragBegan(at: Self.centre(of: legal), canvas: Self.canvas)
        #expect(model.drag == QuortexDrag(location: Self.centre(of: legal), cell: legal, isLegal: true))
        #expect(model.cursor.cell == legal && model.board?.mark(of: legal)?.isCursor == true)
        let between = Self.centre(of: illegal) + Point(x: 3, y: -2)
        model.dragMoved(to: between, canvas: Self.canvas)
        #expect(model.drag == QuortexDrag(location: between, cell: illegal, isLegal: false))
        model.dragMoved(to: Point(x: 3, y: 3), canvas: Self.canvas)
        #expect(model.drag?.cell == nil && model.drag?.isLegal == false)
        #expect(model.cursor.cell == illegal, "off the board the cursor stays where it was")
        model.dragCancelled()
        #expect(model.drag == nil)
    }

    @Test func droppingOnALegalCellPlacesTheTileThere() async throws {
        let table = try await BotTableForTests(seed: 7)
        let model = table.model
        let cell = try #require(model.legalCells.first)
        let rotation = model.cursor.rotation
        model.dragBegan(at: Self.centre(of: Cell(row: 0, col: 0)), canvas: Self.canvas)
        await model.dragEnded(at: Self.centre(of: cell), canvas: Self.canvas)
        #expect(model.drag == nil)
        #expect(model.view?.position.board[cell]?.rotation == rotation)
        #expect(model.table.message == nil)
    }

    /// The first position of a random game where the rules refuse some placement on an empty
    /// cell for cutting a player off (so a cell is legal turned one way and not another).
    static func positionWithCutOffs(seed: UInt64 = 7) throws -> QuortexState {
        var random = GameRandom(seed: GameSeed(seed))
        for game in 0..<20 {
            var state = try QuortexTableModelTests.state(seed: seed + UInt64(game))
            while state.outcome == nil, let drawn = state.drawn {
                let legal = Set(state.position.legalPlacements)
                let refused = state.board.emptyCells.contains { cell in
                    drawn.distinctRotations.contains { !legal.contains(Placement(cell: cell, rotation: $0)) }
                }
                if refused { return state }
                let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random))
                state = try Quortex.reduce(state, .place(move), by: state.currentSeat)
            }
        }
        throw GameError.desync("no random game reached a placement refused for cutting a player off")
    }

    /// A model of the viewer to move in `state`.
    static func model(of state: QuortexState) async -> (QuortexTableModel, ScriptedTableEndpoint<Quortex>) {
        let endpoint = ScriptedTableEndpoint(QuortexTableModelTests.snapshot(state, seat: state.currentSeat))
        let model = QuortexTableModel(endpoint: endpoint)
        await model.refresh()
        return (model, endpoint)
    }

    @Test func droppingOnAnIllegalCellIsRefusedWithTheRulesReasonAndTheTileGoesBack() async throws {
        let state = try Self.positionWithCutOffs()
        let seat = state.currentSeat
        let (model, endpoint) = await Self.model(of: state)
        let view = try #require(model.view)
        let occupied = try #require(view.position.board.tiles.first?.cell)
        model.dragBegan(at: Self.centre(of: occupied), canvas: Self.canvas)
        await model.dragEnded(at: Self.centre(of: occupied), canvas: Self.canvas)
        #expect(model.table.message == "Not allowed: \(occupied.name) already holds a tile")
        #expect(model.drag == nil && model.view == view && model.pendingPlacement == nil)
        #expect(await endpoint.performed.isEmpty, "a drop the rules refuse is not sent")

        // Every placement the rules refuse is refused in exactly the authority's reducer's words.
        var cutOff = 0
        for cell in Topology.cells {
            for rotation in 0..<6 {
                let placement = Placement(cell: cell, rotation: rotation)
                var authority: String?
                do { _ = try Quortex.reduce(state, .place(placement), by: seat) } catch { authority = TableWording.explain(error) }
                #expect(model.refusal(for: placement) == authority, "\(placement.notation)")
                if authority?.contains("without a possible route") == true { cutOff += 1 }
            }
        }
        #expect(cutOff > 0, "the position has placements refused for cutting a player off")

        // Off the board the tile just goes back, without a word.
        model.dragBegan(at: Self.centre(of: occupied), canvas: Self.canvas)
        await model.dragEnded(at: Point(x: 1, y: 1), canvas: Self.canvas)
        #expect(model.table.message == nil && model.view == view)
        #expect(await endpoint.performed.isEmpty)
    }

    @Test func outOfTurnTheTileCannotBePickedUp() async throws {
        let state = try QuortexTableModelTests.state()
        let other = 1 - state.currentSeat
        let endpoint = ScriptedTableEndpoint(QuortexTableModelTests.snapshot(state, seat: other))
        let model = QuortexTableModel(endpoint: endpoint, seatLabels: [state.currentSeat: "Olga"])
        await model.refresh()
        model.dragBegan(at: Self.centre(of: Cell(row: 0, col: 0)), canvas: Self.canvas)
        #expect(model.drag == nil)
        #expect(model.table.message == "Not your turn: waiting for P\(state.currentSeat + 1) (Olga).")
        await model.dragEnded(at: Self.centre(of: Cell(row: 0, col: 0)), canvas: Self.canvas)
        #expect(await endpoint.performed.isEmpty)
        #expect(model.refusal(for: Placement(cell: Cell(row: 0, col: 0), rotation: 0)) == model.blockedReason)
    }

    @Test func aRotationGestureTurnsTheTileByTheNearestSixths() async throws {
        #expect(QuortexTableModel.rotationSteps(forDegrees: 29) == 0)
        #expect(QuortexTableModel.rotationSteps(forDegrees: 31) == 1)
        #expect(QuortexTableModel.rotationSteps(forDegrees: -65) == -1)
        #expect(QuortexTableModel.rotationSteps(forDegrees: 200) == 3)
        #expect(QuortexTableModel.rotationSteps(forDegrees: 420) == 7)
        #expect(QuortexTableModel.rotationSteps(forDegrees: .nan) == 0)
        #expect(QuortexTableModel.rotationSteps(forDegrees: .infinity) == 0)

        let model = try await BotTableForTests(seed: 7).model
        let tile = try #require(model.drawnTile)
        func paths(_ rotation: Int) -> [Set<Direction>] { PlacedTile(tile, rotation: rotation).pairs.map { [$0.0, $0.1] } }
        for degrees in [60.0, -60, 130, 185, -250] {
            let before = model.cursor.rotation
            model.rotate(byDegrees: degrees)
            let wanted = ((before + QuortexTableModel.rotationSteps(forDegrees: degrees)) % 6 + 6) % 6
            #expect(tile.distinctRotations.contains(model.cursor.rotation))
            #expect(Set(paths(model.cursor.rotation)) == Set(paths(wanted)), "\(degrees)°")
        }
        let before = model.cursor.rotation
        model.rotate(byDegrees: 10)
        #expect(model.cursor.rotation == before, "less than half a sixth turns nothing")
    }

    @Test func turningTheTileWhileDraggingUpdatesWhetherTheCellIsLegal() async throws {
        let (model, _) = await Self.model(of: try Self.positionWithCutOffs())
        let tile = try #require(model.drawnTile)
        let legal = model.legalPlacements
        // A cell legal in some rotation but not in another.
        let placement = try #require(
            legal.first { p in tile.distinctRotations.contains { r in !legal.contains(Placement(cell: p.cell, rotation: r)) } })
        let other = try #require(tile.distinctRotations.first { !legal.contains(Placement(cell: placement.cell, rotation: $0)) })
        while model.cursor.rotation != placement.rotation { model.rotate(clockwise: true) }
        model.dragBegan(at: Self.centre(of: placement.cell), canvas: Self.canvas)
        #expect(model.drag?.isLegal == true)
        model.rotate(steps: (other - placement.rotation + 6) % 6)
        #expect(model.cursor.rotation == other && model.drag?.isLegal == false)
    }
}
