import BestBall

/// What one change to a room produces besides its row: events for the log and alerts for users.
package struct RoomChange: Sendable {
    package var events: [DraftEvent] = []
    package var alerts: [DraftAlert] = []
}

/// How a room's draft moves on: the clock of each pick, autopicks, the warning, the end. Pure:
/// it changes the loaded room and says what happened; the service stores it.
extension LoadedRoom {
    var settings: DraftSettings { tournament.draft }

    /// Starts the clock on the pick now due, or completes the draft after its last pick.
    mutating func startNextPick(at now: Int64, into change: inout RoomChange) {
        guard let number = state.currentPick, let slot = state.onTheClock else {
            room.status = .complete
            room.completedAt = now
            room.pickStartedAt = nil
            room.warnAt = nil
            room.deadlineAt = nil
            room.updateDue()
            change.events.append(DraftEvent(kind: .draftComplete, at: now))
            return
        }
        let autopick = room.autopilot.contains(slot)
        let clock = DraftClock(settings: settings, startedAt: now, autopick: autopick, now: now)
        room.status = .active
        room.pickStartedAt = now
        room.deadlineAt = clock.deadline
        room.warnAt = !autopick && settings.pickMillis > settings.warningMillis ? clock.endsAt - settings.warningMillis : nil
        room.updateDue()
        var event = DraftEvent(kind: .onTheClock, at: now)
        event.clock = eventClock(number: number, slot: slot, startedAt: now, now: now)
        change.events.append(event)
        if !autopick, let entry = entry(slot: slot) {
            let label = state.order.label(of: number)
            change.alerts.append(.onTheClock(user: entry.userID, room: room.id, pick: number, label: label, seconds: Int(settings.pickMillis / 1000)))
        }
        // The team two picks away (not the one on the clock twice in a row at the turn).
        for candidate in entries {
            guard let other = candidate.slot, other != slot, !room.autopilot.contains(other),
                state.order.picksUntil(team: other, from: number) == 2
            else { continue }
            change.alerts.append(.picksAway(user: candidate.userID, room: room.id, pick: number, away: 2, tournament: tournament.title))
        }
    }

    /// Records `pick` (already applied to the state) as a `pick_made` event, then starts the next.
    mutating func afterPick(_ pick: DraftPick, pool: PlayerPool, wentOnAutopick: Bool, at now: Int64, into change: inout RoomChange) {
        room.autopilot = state.autopilot
        if let entry = entry(slot: pick.team), let player = pool[pick.playerID] {
            var event = DraftEvent(kind: .pickMade, at: now)
            event.pick = DraftEvent.Pick(
                number: pick.number, label: state.order.label(of: pick.number), slot: pick.team, entry: entry.id, player: player, auto: pick.auto)
            change.events.append(event)
        }
        if wentOnAutopick { change.events.append(DraftEvent.autopick(slot: pick.team, enabled: true, at: now)) }
        startNextPick(at: now, into: &change)
    }

    /// The shown clock reached its warning: tell the room, alert the team on the clock.
    mutating func fireWarning(at now: Int64, into change: inout RoomChange) {
        room.warnAt = nil
        room.updateDue()
        guard let number = state.currentPick, let slot = state.onTheClock, let started = room.pickStartedAt else { return }
        var event = DraftEvent(kind: .timer, at: now)
        event.clock = eventClock(number: number, slot: slot, startedAt: started, now: now)
        change.events.append(event)
        if let entry = entry(slot: slot) {
            change.alerts.append(.tenSeconds(user: entry.userID, room: room.id, pick: number, label: state.order.label(of: number)))
        }
    }

    /// A team's owner turned autopick on or off. Turning it on while on the clock shortens this
    /// pick's clock to the autopick delay.
    mutating func setAutopick(_ enabled: Bool, slot: Int, at now: Int64, into change: inout RoomChange) {
        guard state.autopilot.contains(slot) != enabled else { return }
        state.setAutopilot(enabled, for: slot)
        room.autopilot = state.autopilot
        change.events.append(DraftEvent.autopick(slot: slot, enabled: enabled, at: now))
        if room.status == .active, state.onTheClock == slot, let started = room.pickStartedAt {
            let clock = DraftClock(settings: settings, startedAt: started, autopick: enabled, now: now)
            room.deadlineAt = enabled ? max(clock.deadline, now) : clock.deadline
            let warning = clock.endsAt - settings.warningMillis
            room.warnAt = !enabled && settings.pickMillis > settings.warningMillis && warning > now ? warning : nil
            room.updateDue()
            if let number = state.currentPick {
                var event = DraftEvent(kind: .timer, at: now)
                event.clock = eventClock(number: number, slot: slot, startedAt: started, now: now)
                change.events.append(event)
            }
        }
    }

    func eventClock(number: Int, slot: Int, startedAt: Int64, now: Int64) -> DraftEvent.Clock {
        let autopick = state.autopilot.contains(slot)
        let clock = DraftClock(settings: settings, startedAt: startedAt, autopick: autopick, now: now)
        return DraftEvent.Clock(
            pick: number, label: state.order.label(of: number), slot: slot, startedAt: wireTime(startedAt), endsAt: wireTime(clock.endsAt),
            deadline: wireTime(room.deadlineAt ?? clock.deadline), pickMillis: autopick ? settings.autopickMillis : settings.pickMillis,
            remainingMillis: clock.remainingMillis, autopick: autopick, phase: clock.phase)
    }

}
