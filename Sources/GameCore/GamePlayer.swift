/// A player sitting at a game. Seats are numbered by their position in `GameRecord.seats`.
public struct GamePlayer: Codable, Hashable, Sendable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Placeholder players `seat-0`, `seat-1`, … for bots, tests and local games.
    public static func seats(_ count: Int) -> [GamePlayer] {
        (0..<max(count, 0)).map { GamePlayer(id: "seat-\($0)", name: "Player \($0 + 1)") }
    }
}

/// Whom a view of the state is for.
public enum Viewer: Hashable, Sendable {
    case player(seat: Int)
    case spectator

    public var seat: Int? {
        if case .player(let seat) = self { seat } else { nil }
    }
}

extension Viewer: Codable {
    private enum CodingKeys: String, CodingKey { case seat }

    /// `{"seat": 2}` for a player, `{}` for a spectator.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let seat = try container.decodeIfPresent(Int.self, forKey: .seat) {
            self = .player(seat: seat)
        } else {
            self = .spectator
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(seat, forKey: .seat)
    }
}
