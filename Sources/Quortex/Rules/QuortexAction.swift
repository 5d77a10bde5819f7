import GameCore

/// What a player can do: place the drawn tile, or resign (at any time, not only on their turn).
public enum QuortexAction: Hashable, Sendable, CustomStringConvertible {
    case place(Placement)
    case resign

    public static func place(_ cell: Cell, rotation: Int) -> QuortexAction {
        .place(Placement(cell: cell, rotation: rotation))
    }

    /// Move notation: a placement is the cell name and `r` with the rotation (`d4r2`: the centre,
    /// turned two sixths clockwise); resigning is `resign`.
    public var notation: String {
        switch self {
        case .place(let placement): placement.notation
        case .resign: "resign"
        }
    }

    /// Parses move notation, case-insensitively.
    public init(notation text: String) throws(GameError) {
        if let placement = Placement(notation: text) {
            self = .place(placement)
            return
        }
        // Not a placement on the board: resigning, or a mistake to explain.
        let lowered = text.lowercased()
        if lowered == "resign" {
            self = .resign
            return
        }
        let characters = Array(lowered)
        guard characters.count == 4, characters[2] == "r", let rotation = characters[3].wholeNumberValue,
            rotation < 6
        else {
            throw .corruptedPayload("\"\(text)\" is not a Quortex move; write a cell and rotation like d4r2, or resign")
        }
        guard let cell = Cell(name: Substring(String(characters[0...1]))) else {
            throw .corruptedPayload("\"\(text)\" names no cell of the board (rows a–g, columns 1–7, d4 is the centre)")
        }
        self = .place(cell, rotation: rotation)
    }

    public var description: String { notation }
}

/// Actions travel as their notation.
extension QuortexAction: NotationCodable {}
