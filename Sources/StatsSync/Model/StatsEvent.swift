import Foundation

/// One immutable fact in a player's statistics, identified by a UUID and by its "dot": the device
/// that wrote it and that device's sequence number (1, 2, 3, ... with no gaps on the writer).
public struct StatsEvent: Hashable, Sendable, Identifiable {
    public let id: UUID
    public let device: DeviceID
    public let sequence: Int
    /// When the writing device recorded it, in milliseconds since the Unix epoch.
    public let timestamp: Int64
    public let payload: Payload

    public enum Payload: Hashable, Sendable {
        case gameCompleted(GameCompletion)
        case settingChanged(SettingChange)
        case statsReset(StatsReset)
    }

    public init(id: UUID = UUID(), device: DeviceID, sequence: Int, timestamp: Int64, payload: Payload) {
        self.id = id
        self.device = device
        self.sequence = sequence
        self.timestamp = timestamp
        self.payload = payload
    }

    public var gameCompletion: GameCompletion? {
        if case .gameCompleted(let game) = payload { return game }
        return nil
    }

    public var settingChange: SettingChange? {
        if case .settingChanged(let change) = payload { return change }
        return nil
    }

    public var statsReset: StatsReset? {
        if case .statsReset(let reset) = payload { return reset }
        return nil
    }
}

/// A finished daily puzzle.
public struct GameCompletion: Hashable, Codable, Sendable {
    public var puzzleDate: PuzzleDate
    public var won: Bool
    public var mistakes: Int
    /// Time to finish, in whole seconds.
    public var seconds: Int
    public var hintsUsed: Int
    /// True for games synthesised from legacy absolute stats by the migration.
    public var synthetic: Bool

    public init(puzzleDate: PuzzleDate, won: Bool, mistakes: Int, seconds: Int, hintsUsed: Int, synthetic: Bool = false) {
        self.puzzleDate = puzzleDate
        self.won = won
        self.mistakes = mistakes
        self.seconds = seconds
        self.hintsUsed = hintsUsed
        self.synthetic = synthetic
    }

    enum CodingKeys: String, CodingKey {
        case puzzleDate = "puzzle_date", won, mistakes, seconds, hintsUsed = "hints", synthetic
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            puzzleDate: try container.decode(PuzzleDate.self, forKey: .puzzleDate),
            won: try container.decode(Bool.self, forKey: .won),
            mistakes: try container.decode(Int.self, forKey: .mistakes),
            seconds: try container.decode(Int.self, forKey: .seconds),
            hintsUsed: try container.decode(Int.self, forKey: .hintsUsed),
            synthetic: try container.decodeIfPresent(Bool.self, forKey: .synthetic) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(puzzleDate, forKey: .puzzleDate)
        try container.encode(won, forKey: .won)
        try container.encode(mistakes, forKey: .mistakes)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(hintsUsed, forKey: .hintsUsed)
        if synthetic { try container.encode(true, forKey: .synthetic) }
    }
}

/// A change to one setting: a last-writer-wins register ordered by hybrid logical clock.
public struct SettingChange: Hashable, Codable, Sendable {
    public var key: String
    public var value: String
    public var clock: HybridTimestamp
    /// The change this device saw as the key's value when it wrote this one. Two changes that
    /// supersede the same one were made without seeing each other: a concurrent edit.
    public var supersedes: UUID?

    public init(key: String, value: String, clock: HybridTimestamp, supersedes: UUID? = nil) {
        self.key = key
        self.value = value
        self.clock = clock
        self.supersedes = supersedes
    }
}

/// "Reset my statistics": erases every game the resetting device had seen, recorded as its
/// version vector. Games played elsewhere that it had not seen survive the reset.
public struct StatsReset: Hashable, Codable, Sendable {
    public var seen: VersionVector

    public init(seen: VersionVector) { self.seen = seen }
}
