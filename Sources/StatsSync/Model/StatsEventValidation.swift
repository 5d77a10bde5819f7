/// The bounds every event must keep, checked by the server on upload and by providers that read
/// events from storage a device does not control.
public enum StatsEventLimits {
    public static let sequences = 1...1_000_000_000
    public static let mistakes = 0...100
    public static let seconds = 0...86_400
    public static let hintsUsed = 0...100
    public static let settingKeyBytes = 1...64
    public static let settingValueBytes = 0...1024
    public static let resetDevices = 0...1024
    /// 2000-01-01T00:00:00Z: nothing older was written by this app.
    public static let earliestTimestamp: Int64 = 946_684_800_000
    /// How far past the checker's clock a timestamp or puzzle date may be (time zones, clock skew).
    public static let futureAllowanceMillis: Int64 = 86_400_000
}

/// One reason an event is refused, naming the field as the API reports it.
public struct StatsEventProblem: Hashable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

extension StatsEvent {
    /// Every problem with this event; empty when it is acceptable. `now` (Unix milliseconds)
    /// bounds timestamps and puzzle dates from above.
    public func problems(now: Int64) -> [StatsEventProblem] {
        typealias Limits = StatsEventLimits
        var problems: [StatsEventProblem] = []
        func check(_ ok: Bool, _ field: String, _ message: String) {
            if !ok { problems.append(.init(field: field, message: message)) }
        }
        let latest = now + Limits.futureAllowanceMillis
        check(Limits.sequences.contains(sequence), "seq", "must be between 1 and \(Limits.sequences.upperBound)")
        check(timestamp >= Limits.earliestTimestamp && timestamp <= latest, "at", "must be a time between 2000 and tomorrow")
        switch payload {
        case .gameCompleted(let game):
            check(game.puzzleDate <= PuzzleDate(unixMillis: latest), "game.puzzle_date", "must not be after tomorrow")
            check(Limits.mistakes.contains(game.mistakes), "game.mistakes", "must be between 0 and \(Limits.mistakes.upperBound)")
            check(Limits.seconds.contains(game.seconds), "game.seconds", "must be between 0 and \(Limits.seconds.upperBound)")
            check(Limits.hintsUsed.contains(game.hintsUsed), "game.hints", "must be between 0 and \(Limits.hintsUsed.upperBound)")
        case .settingChanged(let change):
            check(Limits.settingKeyBytes.contains(change.key.utf8.count), "setting.key", "must be 1 to 64 bytes")
            check(Limits.settingValueBytes.contains(change.value.utf8.count), "setting.value", "must be at most 1024 bytes")
            check(change.clock.device == device, "setting.clock.device", "must be the writing device")
            check(change.clock.millis <= latest && change.clock.counter >= 0, "setting.clock", "must not be in the future")
        case .statsReset(let reset):
            check(Limits.resetDevices.contains(reset.seen.entries.count), "reset.seen", "must name at most 1024 devices")
        }
        return problems
    }
}
