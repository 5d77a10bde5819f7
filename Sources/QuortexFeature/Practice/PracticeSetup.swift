import GameCore
import Quortex

/// A practice game as chosen: how many seats, which one is the player's, how hard each bot seat
/// plays, and the seed the bag is dealt from (the same seed deals the same tiles).
public struct PracticeSetup: Equatable, Sendable {
    public static let seatRange = 2...6

    public var seats: Int
    public var yourSeat: Int
    /// One entry per bot seat; a seat missing here plays medium.
    public var difficulties: [Int: PracticeDifficulty]
    public var seed: UInt64

    public init(seats: Int, yourSeat: Int = 0, difficulties: [Int: PracticeDifficulty] = [:], seed: UInt64) {
        self.seats = seats
        self.yourSeat = yourSeat
        self.difficulties = difficulties
        self.seed = seed
    }

    /// The same seats, each bot at `difficulty`.
    public init(seats: Int, yourSeat: Int = 0, everyBot difficulty: PracticeDifficulty, seed: UInt64) {
        self.init(seats: seats, yourSeat: yourSeat, seed: seed)
        for seat in botSeats { difficulties[seat] = difficulty }
    }

    /// The seats the bots play, in order.
    public var botSeats: [Int] { (0..<max(seats, 0)).filter { $0 != yourSeat } }

    public func difficulty(ofSeat seat: Int) -> PracticeDifficulty { difficulties[seat] ?? .medium }

    /// Why this setup cannot be played; nil when it can.
    public var problem: String? {
        guard Self.seatRange.contains(seats) else {
            return "Quortex is for \(Self.seatRange.lowerBound) to \(Self.seatRange.upperBound) players, not \(seats)."
        }
        guard (0..<seats).contains(yourSeat) else { return "Your seat must be one of P1 to P\(seats)." }
        return nil
    }

    /// The table's players: "You" in your seat, each bot named by its seat.
    var players: [GamePlayer] {
        (0..<seats).map { seat in
            seat == yourSeat ? GamePlayer(id: "you", name: "You") : GamePlayer(id: "bot-\(seat)", name: "Bot \(seat + 1)")
        }
    }

    /// What each bot seat is called on the table, e.g. "bot (hard)".
    public var seatLabels: [Int: String] {
        Dictionary(uniqueKeysWithValues: botSeats.map { ($0, difficulty(ofSeat: $0).seatLabel) })
    }
}
