/// What the conflict screen shows after a sync brought in events from another device: this
/// device's figures, the other side's, and the merged ones, plus the individual cases a person may
/// want to look at. Nothing here needs a decision to stay correct (the merge is lossless and
/// deterministic); the report exists so the player can see why a number changed.
public struct SyncConflictReport: Hashable, Sendable {
    public var thisDevice: PuzzleStats
    public var other: PuzzleStats
    public var merged: PuzzleStats
    public var duplicateCompletions: [DuplicateCompletion]
    public var settingConflicts: [SettingConflict]

    /// True when there is nothing worth showing: no duplicate puzzle and no concurrent setting edit.
    public var isEmpty: Bool { duplicateCompletions.isEmpty && settingConflicts.isEmpty }
}

/// One puzzle completed on this device and on another. The earliest completion counts; the other
/// stays in the log for audit.
public struct DuplicateCompletion: Hashable, Sendable {
    public var puzzleDate: PuzzleDate
    public var thisDevice: StatsEvent
    public var other: StatsEvent
    public var counted: StatsEvent
}

/// A setting changed on two devices without either seeing the other's change. The later clock wins.
public struct SettingConflict: Hashable, Sendable {
    public var key: String
    public var thisDevice: StatsEvent
    public var other: StatsEvent
    public var merged: StatsEvent
}
