/// Which draft alerts a user wants (the seed's `DraftAlertPreferences`); all on until they say.
package struct DraftAlertPreferences: Codable, Sendable, Equatable {
    package var roomFilled = true
    package var draftStarting = true
    package var twoPicksAway = true
    package var onTheClock = true
    package var tenSecondsRemaining = true
    package var slowDraftEmailUpdates = false

    enum CodingKeys: String, CodingKey {
        case roomFilled = "room_filled", draftStarting = "draft_starting", twoPicksAway = "two_picks_away", onTheClock = "on_the_clock"
        case tenSecondsRemaining = "ten_seconds_remaining", slowDraftEmailUpdates = "slow_draft_email_updates"
    }

    package init() {}

    package func wants(_ kind: DraftAlert.Kind) -> Bool {
        switch kind {
        case .roomFilled: roomFilled
        case .draftStarting: draftStarting
        case .picksAway: twoPicksAway
        case .onTheClock: onTheClock
        case .tenSecondsRemaining: tenSecondsRemaining
        }
    }
}
