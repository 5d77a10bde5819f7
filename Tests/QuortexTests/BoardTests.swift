import Foundation
import GameCore
import Testing

@testable import Quortex

@Suite struct BoardTests {
    @Test func theBoardIsAHexagonOfRadius3() {
        #expect(Topology.cells.count == 37)
        #expect(Topology.cells.allSatisfy { $0.isOnBoard })
        #expect(!Cell(row: 3, col: 1).isOnBoard && !Cell(row: -4, col: 0).isOnBoard && !Cell(row: 2, col: 2).isOnBoard)
        #expect(Cell(row: 0, col: 0).name == "d4")
        for (index, cell) in Topology.cells.enumerated() { #expect(cell.index == index) }
    }

    @Test func directionsHaveTheRulebookOffsetsAndOpposites() {
        let offsets = Direction.allCases.map { [$0.offset.row, $0.offset.col] }
        #expect(offsets == [[1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1], [1, 0]])
        #expect(Direction.allCases.map(\.opposite.rawValue) == [3, 4, 5, 0, 1, 2])
        #expect(Direction.west.rotated(by: 2) == .northEast)
        #expect(Direction.southWest.rotated(by: -1) == .southEast)
        for direction in Direction.allCases {
            let cell = Cell(row: 0, col: 0)
            #expect(cell.neighbour(direction).neighbour(direction.opposite) == cell)
        }
    }

    @Test func fortyTwoPortsSevenPerSide() {
        #expect(Topology.ports.count == 42)
        for side in 0..<6 { #expect(Topology.ports(ofSide: side).count == 7, "side \(side)") }
        // Side 0 is the lower-left edge (column −3), side 2 the top (row −3), side 5 the bottom (row 3).
        let sideCells = (0..<6).map { side in Topology.cells.filter { Topology.cell($0, liesOn: side) } }
        #expect(sideCells[0].allSatisfy { $0.col == -3 } && sideCells[0].count == 4)
        #expect(sideCells[2].allSatisfy { $0.row == -3 } && sideCells[2].count == 4)
        #expect(sideCells[3].allSatisfy { $0.col == 3 } && sideCells[3].count == 4)
        #expect(sideCells[5].allSatisfy { $0.row == 3 } && sideCells[5].count == 4)
        // A corner's ports split between its two sides by the rulebook's rule.
        let corner = Topology.ports.filter { $0.cell == Cell(row: 0, col: -3) }
        #expect(corner.map { [$0.direction.rawValue, $0.side] } == [[0, 0], [1, 1], [2, 1]])
    }

    @Test func tilesJoinTheRulebookPairs() {
        func pairs(_ type: TileType, _ rotation: Int) -> Set<[Int]> {
            Set(PlacedTile(type, rotation: rotation).pairs.map { [$0.0.rawValue, $0.1.rawValue] })
        }
        #expect(pairs(.noSharps, 0) == [[0, 2], [3, 5], [1, 4]])
        #expect(pairs(.oneSharp, 0) == [[0, 5], [2, 4], [1, 3]])
        #expect(pairs(.twoSharps, 0) == [[0, 5], [2, 3], [1, 4]])
        #expect(pairs(.threeSharps, 0) == [[0, 5], [3, 4], [1, 2]])
        // Rotating r steps maps connection end d to d + r.
        for type in TileType.allCases {
            for rotation in 0..<6 {
                for side in Direction.allCases {
                    let turned = type.exit(from: side.rotated(by: rotation), rotation: rotation)
                    #expect(turned == type.exit(from: side, rotation: 0).rotated(by: rotation))
                }
            }
        }
        #expect(TileType.allCases.map(\.distinctRotations.count) == [3, 6, 3, 2])
    }

    @Test func notationRoundTrips() throws {
        for cell in Topology.cells {
            for rotation in 0..<6 {
                let action = QuortexAction.place(cell, rotation: rotation)
                #expect(try QuortexAction(notation: action.notation) == action)
            }
        }
        #expect(try QuortexAction(notation: "resign") == .resign)
        #expect(try QuortexAction(notation: "D4R2") == .place(Cell(row: 0, col: 0), rotation: 2))
        for bad in ["", "d4", "d4r6", "d4r-", "a1r0", "h4r0", "d8r0", "d4x2", "d4r2 ", "resigned"] {
            #expect(throws: GameError.self, "\(bad)") { try QuortexAction(notation: bad) }
        }
        let data = try JSONEncoder().encode([QuortexAction.resign, .place(Cell(row: 1, col: -2), rotation: 4)])
        #expect(String(decoding: data, as: UTF8.self) == #"["resign","e2r4"]"#)
    }

    @Test func cellNamesAndPlacementNotationComeFromTheirTables() {
        let letters = Array("abcdefg")
        for row in -3...3 {
            for col in -3...3 {
                let cell = Cell(row: row, col: col)
                #expect(cell.name == "\(letters[row + 3])\(col + 4)")
                #expect(Cell(name: Substring(cell.name)) == (cell.isOnBoard ? cell : nil))
                #expect(Cell(name: Substring(cell.name.uppercased())) == (cell.isOnBoard ? cell : nil))
                for rotation in 0..<6 {
                    let placement = Placement(cell: cell, rotation: rotation)
                    #expect(placement.notation == "\(cell.name)r\(rotation)")
                    #expect(Placement(notation: placement.notation) == (cell.isOnBoard ? placement : nil))
                }
            }
        }
        #expect(Cell(row: 4, col: 0).name == "(4,0)")
        #expect(Placement(cell: Cell(row: 0, col: 0), rotation: 7).notation == "d4r7")
        for bad in ["", "d4", "d4r6", "d4r", "d4r22", "d4x2", "h4r0", "d0r0", "d8r0", "é4r0", "d4r٣", " d4r2", "g7r0"] {
            #expect(Placement(notation: bad) == nil, "\(bad)")
        }
    }

    @Test func placementsTravelInNotationAndAreReadInEitherForm() throws {
        let placements = [Placement(cell: Cell(row: 0, col: 0), rotation: 2), Placement(cell: Cell(row: 1, col: -2), rotation: 4)]
        let data = try JSONEncoder().encode(placements)
        #expect(String(decoding: data, as: UTF8.self) == #"["d4r2","e2r4"]"#)
        #expect(try JSONDecoder().decode([Placement].self, from: data) == placements)
        #expect(try JSONDecoder().decode([Placement].self, from: Data(#"["D4R2","E2r4"]"#.utf8)) == placements)
        let older = #"[{"row":0,"col":0,"rotation":2},{"row":1,"col":-2,"rotation":4}]"#
        #expect(try JSONDecoder().decode([Placement].self, from: Data(older.utf8)) == placements)
        for bad in [#"["d4r6"]"#, #"["h4r0"]"#, #"["resign"]"#, #"["d4r2 "]"#, #"[{"row":0}]"#, "[3]", "[null]"] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode([Placement].self, from: Data(bad.utf8)) }
        }
    }

    @Test func everyBoardEntryIsItsPlacementAndTile() throws {
        for cell in Topology.cells {
            for type in TileType.allCases {
                for rotation in 0..<6 {
                    var board = Board.empty
                    board[cell] = PlacedTile(type, rotation: rotation)
                    let text = String(decoding: try JSONEncoder().encode(board), as: UTF8.self)
                    #expect(text == #"["\#(cell.name)r\#(rotation) \#(type.name)"]"#)
                    #expect(try JSONDecoder().decode(Board.self, from: Data(text.utf8)) == board)
                }
            }
        }
    }

    @Test func boardsAndStatesSurviveJSON() throws {
        let record = try randomGame(players: 4, seed: 77)
        let state = try record.replay()
        let decoded = try JSONDecoder().decode(QuortexState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
        let badBoard = #"[{"cell":"d4","tile":"noSharps","rotation":0},{"cell":"d4","tile":"oneSharp","rotation":1}]"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Board.self, from: Data(badBoard.utf8)) }
        for bad in [#"["d4r0 noSharps","d4r1 oneSharp"]"#, #"["d4r6 noSharps"]"#, #"["d4r0"]"#, #"["d4r0 fourSharps"]"#, #"["z9r0 noSharps"]"#, "[3]"] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(Board.self, from: Data(bad.utf8)) }
        }
    }

    @Test func boardsAreWrittenCompactlyAndReadInEitherForm() throws {
        var board = Board.empty
        board[Cell(row: 0, col: 0)] = PlacedTile(.twoSharps, rotation: 5)
        board[Cell(row: 1, col: -2)] = PlacedTile(.noSharps, rotation: 0)
        let compact = String(decoding: try JSONEncoder().encode(board), as: UTF8.self)
        #expect(compact == #"["d4r5 twoSharps","e2r0 noSharps"]"# || compact == #"["e2r0 noSharps","d4r5 twoSharps"]"#)
        #expect(try JSONDecoder().decode(Board.self, from: Data(compact.utf8)) == board)
        let older = #"[{"cell":"d4","tile":"twoSharps","rotation":5},{"cell":"e2","tile":"noSharps","rotation":0}]"#
        #expect(try JSONDecoder().decode(Board.self, from: Data(older.utf8)) == board)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Seating.self, from: Data("[0,3]".utf8)) }
    }
}
