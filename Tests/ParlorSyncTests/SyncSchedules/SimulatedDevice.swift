import Foundation
import StatsSync
import StatsSyncDevice

/// A deterministic random source for schedules (SplitMix64), so a failing seed replays exactly.
struct ScheduleRandom: RandomNumberGenerator, Sendable {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}

/// One player's device in a schedule: its replica, its clock, and its own event authoring (the
/// way an app records a finished game, a setting change or a reset).
actor SimulatedDevice {
    let id: DeviceID
    let replica: any StatsReplica
    private var clock: HybridClock
    private(set) var authored: [StatsEvent] = []

    init(id: DeviceID, replica: any StatsReplica = InMemoryReplica()) {
        self.id = id
        self.replica = replica
        clock = HybridClock(device: id)
    }

    func record(_ payload: (HybridClock) -> (StatsEvent.Payload, HybridClock), at now: Int64) async -> StatsEvent {
        let log = await replica.log
        for event in log.events { if let change = event.settingChange { clock.observe(change.clock, now: now) } }
        let (body, advanced) = payload(clock)
        clock = advanced
        let event = StatsEvent(device: id, sequence: log.highestSequence(of: id) + 1, timestamp: now, payload: body)
        do {
            _ = try await replica.append([event])
        } catch {
            fatalError("the replica refused a valid event: \(error)")
        }
        authored.append(event)
        return event
    }

    func playGame(on date: PuzzleDate, won: Bool, mistakes: Int, seconds: Int, at now: Int64) async -> StatsEvent {
        await record({ clock in
            (.gameCompleted(GameCompletion(puzzleDate: date, won: won, mistakes: mistakes, seconds: seconds, hintsUsed: mistakes % 2)), clock)
        }, at: now)
    }

    func changeSetting(_ key: String, to value: String, at now: Int64) async -> StatsEvent {
        let current = SettingsProjection.winners(of: await replica.log.events)[key]?.id
        return await record({ clock in
            var clock = clock
            let stamp = clock.tick(now: now)
            return (.settingChanged(SettingChange(key: key, value: value, clock: stamp, supersedes: current)), clock)
        }, at: now)
    }

    func reset(at now: Int64) async -> StatsEvent {
        let seen = await replica.log.version
        return await record({ (.statsReset(StatsReset(seen: seen)), $0) }, at: now)
    }
}
