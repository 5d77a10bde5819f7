import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import StatsSync

/// A push request, checked in full and reduced to distinct events.
struct SyncBatch: Sendable {
    static let maximumCount = 400

    /// The distinct events, in the order given.
    let events: [StatsEvent]
    /// For each of `events`, its position in the request, which error messages name.
    let positions: [Int]
    /// Events that repeated an earlier event of the batch exactly.
    let repeats: Int

    /// Checks every event's form (`StatsEvent(wire:)`) and content (`problems(now:)`, with the
    /// server's clock), and that no two events of the batch share an id or a device and `seq` with
    /// different content. Throws `invalid_fields` naming every bad field as `events[i].field`, so a
    /// batch is refused as a whole; 400 when empty, 413 when longer than ``maximumCount``.
    init(wire: [Components.Schemas.SyncEvent], now: Int64) throws(APIError) {
        guard !wire.isEmpty else { throw .invalidField("events", "must hold 1 to \(Self.maximumCount) events") }
        guard wire.count <= Self.maximumCount else { throw .batchTooLarge(count: wire.count, limit: Self.maximumCount) }
        var errors: [FieldError] = []
        var events: [StatsEvent] = []
        var positions: [Int] = []
        var repeats = 0
        var byID: [UUID: Int] = [:]
        var byDot: [Dot: Int] = [:]
        for (position, item) in wire.enumerated() {
            func fail(_ field: String, _ message: String) { errors.append(FieldError(field: "events[\(position)].\(field)", message: message)) }
            let event: StatsEvent
            do {
                event = try StatsEvent(wire: item)
            } catch {
                for problem in error.problems { fail(problem.field, problem.message) }
                continue
            }
            let problems = event.problems(now: now)
            guard problems.isEmpty else {
                for problem in problems { fail(problem.field, problem.message) }
                continue
            }
            if let earlier = byID[event.id] {
                if events[earlier] == event {
                    repeats += 1
                } else {
                    fail("id", "repeats the id of events[\(positions[earlier])] with different content")
                }
                continue
            }
            let dot = Dot(device: event.device, sequence: event.sequence)
            if let earlier = byDot[dot] {
                fail("seq", "repeats the device and seq of events[\(positions[earlier])] under another id")
                continue
            }
            byID[event.id] = events.count
            byDot[dot] = events.count
            events.append(event)
            positions.append(position)
        }
        guard errors.isEmpty else { throw .invalidFields(errors) }
        self.events = events
        self.positions = positions
        self.repeats = repeats
    }

    private struct Dot: Hashable {
        var device: DeviceID
        var sequence: Int
    }
}
