import Foundation
import StatsSync
import StatsSyncDevice
import Synchronization

/// Wraps a real provider and misbehaves the way networks do: a push may store only a prefix and
/// then fail, a fetch may fail before reaching the provider, and a fetch may deliver events twice
/// and out of order. Faults are drawn from a seeded generator and can be switched off.
final class FaultyProvider: StatsProvider, Sendable {
    let inner: any StatsProvider
    private let state: Mutex<(random: ScheduleRandom, faults: Bool)>

    init(_ inner: any StatsProvider, seed: UInt64) {
        self.inner = inner
        state = Mutex((ScheduleRandom(seed: seed), true))
    }

    var name: String { inner.name }

    func setFaults(_ on: Bool) { state.withLock { $0.faults = on } }

    private func roll(_ probability: Double) -> Bool {
        state.withLock { $0.faults && $0.random.chance(probability) }
    }

    private func draw(_ range: Range<Int>) -> Int {
        state.withLock { Int.random(in: range, using: &$0.random) }
    }

    func availability() async -> ProviderAvailability { await inner.availability() }

    func fetch(missingFrom local: VersionVector, cursor: String?) async throws -> ProviderSnapshot {
        if roll(0.1) { throw StatsProviderError.transient("injected: connection refused") }
        var snapshot = try await inner.fetch(missingFrom: local, cursor: cursor)
        if roll(0.3), !snapshot.events.isEmpty {
            let repeats = state.withLock { snapshot.events.shuffled(using: &$0.random) }
            snapshot.events += repeats.prefix(draw(0..<(repeats.count + 1)))
            snapshot.events.reverse()
        }
        return snapshot
    }

    func push(_ events: [StatsEvent]) async throws {
        if roll(0.25), events.count > 1 {
            try await inner.push(Array(events.prefix(draw(0..<events.count))))
            throw StatsProviderError.transient("injected: connection dropped half way through a push")
        }
        try await inner.push(events)
        if roll(0.1) { try await inner.push(events) }  // a retried request whose first answer was lost
    }
}
