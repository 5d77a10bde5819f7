/// Whether a game has a record to replay, now that an abandoned game may have been played.
extension GameRow {
    /// Started at some point, so it has dealt seats, states and moves: every active or completed
    /// game, and an abandoned one that staff ended while it was played (a game abandoned while it
    /// waited never started).
    package var wasPlayed: Bool { status.wasPlayed || (status == .abandoned && startedAt != nil) }
}
