import GameCore

/// Who sits on which board side, who plays with whom, and the order of turns.
///
/// Seats on opposite sides form a team that must join its two sides; a seat whose opposite side
/// is unowned plays alone and must reach that side. When any team exists, each solo player also
/// takes the turn of its (empty) target side, so every camp gets as many turns per round. The
/// standard seatings are 2: sides 0, 2 · 3: 0, 2, 4 · 4: 0, 1, 3, 4 · 5: 0…4 · 6: 0…5.
public struct Seating: Hashable, Sendable {
    /// Board side of each seat.
    public let sides: [Int]
    public let camps: [Camp]
    /// Index into `camps` for each seat.
    public let campOfSeat: [Int]
    /// One round of turns, clockwise by side.
    public let turnSlots: [TurnSlot]

    /// A solo player or a team, and the two board sides it must join.
    public struct Camp: Hashable, Codable, Sendable {
        public var seats: [Int]
        public var from: Int
        public var to: Int
        public var isTeam: Bool { seats.count > 1 }

        /// Whether a flow from `start` leaving through `end` joins this camp's two sides.
        public func isJoined(from start: Int, to end: Int) -> Bool {
            (start == from && end == to) || (start == to && end == from)
        }

        /// The sides this camp's flows start from.
        public var flowSides: [Int] { isTeam ? [from, to] : [from] }
    }

    public struct TurnSlot: Hashable, Codable, Sendable {
        public var side: Int
        public var seat: Int
    }

    public static func standardSides(playerCount: Int) -> [Int]? {
        switch playerCount {
        case 2: [0, 2]
        case 3: [0, 2, 4]
        case 4: [0, 1, 3, 4]
        case 5: [0, 1, 2, 3, 4]
        case 6: [0, 1, 2, 3, 4, 5]
        default: nil
        }
    }

    public init(sides: [Int]) throws(GameError) {
        guard (2...6).contains(sides.count) else {
            throw .invalidAction("Quortex seats 2 to 6 players, not \(sides.count)")
        }
        guard sides.allSatisfy((0..<6).contains), Set(sides).count == sides.count else {
            throw .invalidAction("seat sides must be distinct board sides 0…5, got \(sides)")
        }
        var camps: [Camp] = []
        var campOfSeat = [Int](repeating: -1, count: sides.count)
        for (seat, side) in sides.enumerated() where campOfSeat[seat] < 0 {
            let opposite = (side + 3) % 6
            if let partner = sides.firstIndex(of: opposite) {
                campOfSeat[partner] = camps.count
                camps.append(Camp(seats: [seat, partner].sorted(), from: min(side, opposite), to: max(side, opposite)))
            } else {
                camps.append(Camp(seats: [seat], from: side, to: opposite))
            }
            campOfSeat[seat] = camps.count - 1
        }
        guard camps.count >= 2 else {
            throw .invalidAction("seats on sides \(sides) form a single team with nobody to play against")
        }
        var slots = sides.enumerated().map { TurnSlot(side: $1, seat: $0) }
        if camps.contains(where: \.isTeam) {
            for camp in camps where !camp.isTeam {
                slots.append(TurnSlot(side: camp.to, seat: camp.seats[0]))
            }
        }
        self.sides = sides
        self.camps = camps
        self.campOfSeat = campOfSeat
        self.turnSlots = slots.sorted { $0.side < $1.side }
    }

    /// The seat owning a board side, if any.
    public func seat(onSide side: Int) -> Int? { sides.firstIndex(of: side) }
}

extension Seating: Codable {
    /// Encoded as the list of seat sides; everything else follows from it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let sides = try container.decode([Int].self)
        do {
            try self.init(sides: sides)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(sides)
    }
}
