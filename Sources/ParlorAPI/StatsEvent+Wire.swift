import Foundation
import StatsSync

/// The two-way mapping between the sync routes' generated types and StatsSync's, shared by the
/// server and the Parlor stats provider.
///
/// The schema carries ids, device ids and dates as plain strings so that a bad one is reported
/// per field rather than as undecodable JSON; `StatsEvent(wire:)` checks the form (and collects
/// every problem), while ranges and times are `StatsEvent.problems(now:)`'s to check.

/// Why a wire value describes no StatsSync value: every field that failed, named as the API names
/// it, relative to the value (`device`, `game.puzzle_date`, `reset.seen`).
public struct StatsSyncWireError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [StatsEventProblem]

    public init(problems: [StatsEventProblem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "; ") }
}

extension StatsEvent {
    /// The event `wire` describes, or every reason it describes none.
    public init(wire: Components.Schemas.SyncEvent) throws(StatsSyncWireError) {
        var problems: [StatsEventProblem] = []
        func fail(_ field: String, _ message: String) { problems.append(.init(field: field, message: message)) }

        let id = UUID(uuidString: wire.id)
        if id == nil { fail("id", "must be a UUID") }
        let device = DeviceID(rawValue: wire.device)
        if device == nil { fail("device", Self.deviceRule) }
        let kind = Kind(rawValue: wire._type)
        if kind == nil { fail("type", "must be game_completed, setting_changed or stats_reset") }

        var payload: Payload?
        if let kind {
            let present: [(Kind, String, Bool)] = [
                (.gameCompleted, "game", wire.game != nil), (.settingChanged, "setting", wire.setting != nil),
                (.statsReset, "reset", wire.reset != nil),
            ]
            for (other, field, isPresent) in present where other != kind && isPresent {
                fail(field, "must be absent when type is \(kind.rawValue)")
            }
            switch kind {
            case .gameCompleted:
                if let game = wire.game {
                    let date = PuzzleDate(game.puzzleDate)
                    if date == nil { fail("game.puzzle_date", "must be a real date from 2000 on, written YYYY-MM-DD") }
                    if let date {
                        payload = .gameCompleted(
                            GameCompletion(
                                puzzleDate: date, won: game.won, mistakes: game.mistakes, seconds: game.seconds,
                                hintsUsed: game.hints, synthetic: game.synthetic ?? false))
                    }
                } else {
                    fail("game", "is required when type is game_completed")
                }
            case .settingChanged:
                if let setting = wire.setting {
                    let clockDevice = DeviceID(rawValue: setting.clock.device)
                    if clockDevice == nil { fail("setting.clock.device", Self.deviceRule) }
                    var supersedes: UUID?
                    if let text = setting.supersedes {
                        supersedes = UUID(uuidString: text)
                        if supersedes == nil { fail("setting.supersedes", "must be a UUID") }
                    }
                    if let clockDevice {
                        let clock = HybridTimestamp(millis: setting.clock.millis, counter: setting.clock.counter, device: clockDevice)
                        payload = .settingChanged(SettingChange(key: setting.key, value: setting.value, clock: clock, supersedes: supersedes))
                    }
                } else {
                    fail("setting", "is required when type is setting_changed")
                }
            case .statsReset:
                if let reset = wire.reset {
                    do throws(StatsSyncWireError) {
                        payload = .statsReset(StatsReset(seen: try VersionVector(wire: reset.seen)))
                    } catch {
                        problems += error.problems.map { .init(field: "reset.seen", message: $0.message) }
                    }
                } else {
                    fail("reset", "is required when type is stats_reset")
                }
            }
        }
        guard problems.isEmpty, let id, let device, let payload else { throw StatsSyncWireError(problems: problems) }
        self.init(id: id, device: device, sequence: wire.seq, timestamp: wire.at, payload: payload)
    }

    private static let deviceRule = "must be 1 to 64 of A-Z a-z 0-9 - _ ."
}

extension Components.Schemas.SyncEvent {
    /// `event` in the wire form StatsSync itself encodes.
    public init(_ event: StatsEvent) {
        self.init(id: event.id.uuidString, device: event.device.rawValue, seq: event.sequence, at: event.timestamp, _type: event.kind.rawValue)
        switch event.payload {
        case .gameCompleted(let game):
            self.game = .init(
                puzzleDate: game.puzzleDate.description, won: game.won, mistakes: game.mistakes, seconds: game.seconds,
                hints: game.hintsUsed, synthetic: game.synthetic ? true : nil)
        case .settingChanged(let change):
            self.setting = .init(
                key: change.key, value: change.value,
                clock: .init(millis: change.clock.millis, counter: change.clock.counter, device: change.clock.device.rawValue),
                supersedes: change.supersedes?.uuidString)
        case .statsReset(let reset):
            self.reset = .init(seen: .init(reset.seen))
        }
    }
}

extension VersionVector {
    /// The vector `wire` describes; its problems name no field (the caller knows where it sits).
    public init(wire: Components.Schemas.SyncVersionVector) throws(StatsSyncWireError) {
        var entries: [DeviceID: Int] = [:]
        var problems: [StatsEventProblem] = []
        for (key, count) in wire.additionalProperties.sorted(by: { $0.key < $1.key }) {
            guard let device = DeviceID(rawValue: key) else {
                problems.append(.init(field: "", message: "'\(key.prefix(DeviceID.maximumLength))' is not a device id"))
                continue
            }
            guard count >= 0 else {
                problems.append(.init(field: "", message: "the count of '\(key)' must not be negative"))
                continue
            }
            entries[device] = count
        }
        guard problems.isEmpty else { throw StatsSyncWireError(problems: problems) }
        self.init(entries)
    }
}

extension Components.Schemas.SyncVersionVector {
    public init(_ version: VersionVector) {
        self.init(additionalProperties: Dictionary(uniqueKeysWithValues: version.entries.map { ($0.key.rawValue, $0.value) }))
    }
}

extension PuzzleStats {
    /// The statistics a summary carries.
    public init(wire: Components.Schemas.SyncStats) throws(StatsSyncWireError) {
        var problems: [StatsEventProblem] = []
        self.init()
        gamesPlayed = wire.gamesPlayed
        wins = wire.wins
        currentStreak = wire.currentStreak
        bestStreak = wire.bestStreak
        averageWinSeconds = wire.averageWinSeconds
        for (key, count) in wire.mistakesDistribution.additionalProperties {
            guard let mistakes = Int(key) else {
                problems.append(.init(field: "mistakes_distribution", message: "'\(key.prefix(20))' is not a number"))
                continue
            }
            mistakesDistribution[mistakes] = count
        }
        hintsUsed = wire.hintsUsed
        perfectGames = wire.perfectGames
        if let text = wire.lastPlayed {
            lastPlayed = PuzzleDate(text)
            if lastPlayed == nil {
                problems.append(.init(field: "last_played", message: "must be a real date from 2000 on, written YYYY-MM-DD"))
            }
        }
        duplicateCompletions = wire.duplicateCompletions
        gamesErasedByReset = wire.gamesErasedByReset
        guard problems.isEmpty else { throw StatsSyncWireError(problems: problems) }
    }
}

extension Components.Schemas.SyncStats {
    public init(_ stats: PuzzleStats) {
        self.init(
            gamesPlayed: stats.gamesPlayed, wins: stats.wins, currentStreak: stats.currentStreak, bestStreak: stats.bestStreak,
            averageWinSeconds: stats.averageWinSeconds,
            mistakesDistribution: .init(
                additionalProperties: Dictionary(uniqueKeysWithValues: stats.mistakesDistribution.map { (String($0.key), $0.value) })),
            hintsUsed: stats.hintsUsed, perfectGames: stats.perfectGames, lastPlayed: stats.lastPlayed?.description,
            duplicateCompletions: stats.duplicateCompletions, gamesErasedByReset: stats.gamesErasedByReset)
    }
}
