import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit
import StatsSync

/// ParlorSync: Tandem's stats sync — a per-user, grow-only store of `StatsEvent`s with change tokens.
///
/// Every event a user stores gets the next of that user's change numbers. Numbers are handed out
/// under the row lock of the user's `sync_heads` row, taken first thing in the writing
/// transaction and held until it commits: on PostgreSQL a second writer of the same user waits
/// there, so events commit in change-number order and a reader that has seen change n can never
/// later find a committed change below n (a token never skips an event). SQLite runs one writer at
/// a time anyway. Writers of different users never wait for each other.
package struct SyncService: Sendable {
    let database: Database
    let now: @Sendable () -> Date
    let recorder: (any SyncedEventsHook)?
    /// Where what the recorder announces goes, with the upload that caused it.
    let bus: any EventBus

    package init(
        database: Database, now: @escaping @Sendable () -> Date, recorder: (any SyncedEventsHook)? = nil, bus: any EventBus = LocalEventBus()
    ) {
        self.bus = bus
        self.database = database
        self.now = now
        self.recorder = recorder
    }

    static let defaultPageSize = 500
    static let pageSizes = 1...1000

    struct PushResult: Sendable {
        var accepted: Int
        var duplicates: Int
        var token: SyncChangeToken
        var version: VersionVector
    }

    struct Page: Sendable {
        /// The events' canonical JSON, oldest change first.
        var bodies: [String]
        var next: SyncChangeToken
        var hasMore: Bool
        var version: VersionVector
    }

    struct Summary: Sendable {
        var stats: PuzzleStats
        var settings: [String: String]
        var version: VersionVector
        var eventCount: Int
        var token: SyncChangeToken
    }

    /// Stores the batch's new events, all or none. Events already stored with the same content are
    /// duplicates; an id stored with other content, or a dot held by another id, is a 409; so is
    /// an event from before the user cleared their synced data, unless `restore` says to keep it.
    /// The user's connections hear of the new head.
    func push(_ batch: SyncBatch, restore: Bool = false, for user: String) async throws -> PushResult {
        let rows = try batch.events.map(Self.row)
        let receivedAt = now().millis
        let recorder = self.recorder
        let (accepted, head, version) = try await bus.transaction(on: database) {
            sql, announcements -> (Int, Int64, VersionVector) in
            let head = try await SyncStore.lockHead(of: user, on: sql)
            let stored = try await SyncStore.bodies(ids: rows.map(\.eventID), of: user, on: sql)
            var conflicts: [FieldError] = []
            var fresh: [Int] = []
            for (index, row) in rows.enumerated() {
                guard let body = stored[row.eventID] else {
                    fresh.append(index)
                    continue
                }
                // Same bytes is the usual repeat; otherwise compare as events, so that a change in
                // how a later build encodes never turns a repeat into a conflict.
                if body != row.body, (try? Self.decode([body]))?.first != batch.events[index] {
                    conflicts.append(
                        FieldError(field: "events[\(batch.positions[index])].id", message: "\(row.eventID) is stored with different content"))
                }
            }
            let dots = Dictionary(grouping: fresh.map { rows[$0] }, by: \.device).mapValues { $0.map(\.seq) }
            let owners = try await SyncStore.owners(of: dots, of: user, on: sql)
            for index in fresh {
                let row = rows[index]
                guard let owner = owners[.init(device: row.device, seq: row.seq)] else { continue }
                conflicts.append(
                    FieldError(
                        field: "events[\(batch.positions[index])].seq",
                        message: "\(row.eventID): device \(row.device) seq \(row.seq) is held by \(owner)"))
            }
            guard conflicts.isEmpty else { throw APIError.eventConflict(conflicts) }
            let restored = try await Self.clearedEvents(fresh.map { (rows[$0], batch.positions[$0]) }, restore: restore, of: user, on: sql)

            let added = fresh.map { rows[$0] }
            guard !added.isEmpty else { return (0, head, try await SyncStore.version(of: user, on: sql)) }
            try await SyncStore.insert(added, firstChange: head + 1, receivedAt: receivedAt, of: user, on: sql)
            let newHead = head + Int64(added.count)
            try await SyncStore.setHead(newHead, of: user, on: sql)
            try await Self.advanceDevices(with: added, of: user, on: sql)
            let version = try await SyncStore.version(of: user, on: sql)
            announcements.announce(SyncNotice.changed(user: user, change: newHead, cleared: false))
            // Last: results move leaderboard rows that every user's results share, locked until
            // the commit, so nothing else of this transaction may come after them.
            if let recorder {
                let prior = try Self.decode(try await SyncStore.bodies(upTo: head, of: user, on: sql))
                let scored = fresh.filter { !restored.contains(rows[$0].eventID) }.map { batch.events[$0] }
                if !scored.isEmpty { announcements.announce(try await recorder.record(scored, after: prior, of: user, on: sql)) }
            }
            return (added.count, newHead, version)
        }
        return PushResult(
            accepted: accepted, duplicates: batch.repeats + batch.events.count - accepted, token: SyncChangeToken(change: head),
            version: version)
    }

    /// Moves each device's contiguous prefix over the sequence numbers just added, and over those
    /// held beyond a gap that they fill. Only a filled gap costs a query.
    private static func advanceDevices(with added: [SyncEventRow], of user: String, on sql: any SQLDatabase) async throws {
        let bySequence = Dictionary(grouping: added, by: \.device).mapValues { Set($0.map(\.seq)) }
        let before = try await SyncStore.devices(Array(bySequence.keys), of: user, on: sql)
        var changed: [String: SyncDeviceState] = [:]
        for (device, sequences) in bySequence {
            let old = before[device] ?? SyncDeviceState()
            var state = old
            state.highest = max(old.highest, sequences.max() ?? 0)
            while sequences.contains(state.contiguous + 1) { state.contiguous += 1 }
            // Events held above the old prefix may continue the new one.
            if state.contiguous > old.contiguous && state.contiguous < old.highest {
                let page = 1000
                while true {
                    let held = try await SyncStore.sequences(of: device, after: state.contiguous, limit: page, of: user, on: sql)
                    for seq in held {
                        guard seq == state.contiguous + 1 else { break }
                        state.contiguous = seq
                    }
                    guard held.count == page, held.last == state.contiguous else { break }
                }
            }
            if state != old { changed[device] = state }
        }
        try await SyncStore.save(changed, of: user, on: sql)
    }

    /// A page of events after `since` (from the start when nil).
    func page(since: String?, limit: Int?, for user: String) async throws -> Page {
        let limit = limit ?? Self.defaultPageSize
        guard Self.pageSizes.contains(limit) else {
            throw APIError.invalidField("limit", "must be between \(Self.pageSizes.lowerBound) and \(Self.pageSizes.upperBound)")
        }
        let after: Int64
        if let since {
            guard let token = SyncChangeToken(since) else {
                throw APIError.invalidChangeToken("'since' is not a change token this server issued")
            }
            after = token.change
        } else {
            after = 0
        }
        return try await database.withConnection { sql in
            // One indexed range read, (user_id, change_seq); one row more than asked says whether more follow.
            if after > 0, let cleared = try await SyncStore.clearedChange(of: user, on: sql), after < cleared {
                throw APIError.syncCleared("this account's synced data was cleared after 'since'; drop what was synced and start again without it")
            }
            let rows = try await SyncStore.page(after: after, limit: limit + 1, of: user, on: sql)
            if rows.isEmpty, after > 0, after > (try await SyncStore.head(of: user, on: sql)) {
                throw APIError.invalidChangeToken("'since' is ahead of this account's log; start again without it")
            }
            let page = rows.prefix(limit)
            return Page(
                bodies: page.map(\.body), next: SyncChangeToken(change: page.last?.change ?? after), hasMore: rows.count > limit,
                version: try await SyncStore.version(of: user, on: sql))
        }
    }

    /// What every stored event projects to, as of `today` (the server's UTC date when nil).
    func summary(today: String?, for user: String) async throws -> Summary {
        let date: PuzzleDate
        if let today {
            guard let given = PuzzleDate(today) else {
                throw APIError.invalidField("today", "must be a real date from 2000 on, written YYYY-MM-DD")
            }
            date = given
        } else {
            date = PuzzleDate(unixMillis: now().millis)
        }
        let (head, bodies) = try await database.withConnection { sql in
            // Changes are committed in order, so every event up to a committed head is visible.
            let head = try await SyncStore.head(of: user, on: sql)
            return (head, try await SyncStore.bodies(upTo: head, of: user, on: sql))
        }
        let events = try Self.decode(bodies)
        return Summary(
            stats: StatsProjection.stats(of: events, today: date), settings: SettingsProjection.values(of: events),
            version: EventLog(events).version, eventCount: events.count, token: SyncChangeToken(change: head))
    }

    // MARK: Canonical JSON

    /// The row an event is stored as; its body is StatsSync's wire form with sorted keys.
    static func row(_ event: StatsEvent) throws -> SyncEventRow {
        SyncEventRow(
            eventID: event.id.uuidString, device: event.device.rawValue, seq: Int64(event.sequence), kind: event.kind.rawValue,
            body: String(decoding: try canonicalEncoder().encode(event), as: UTF8.self))
    }

    static func canonicalEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Decodes stored bodies in one pass (as one JSON array).
    static func decode<Event: Decodable>(_ bodies: [String], as type: Event.Type = StatsEvent.self) throws -> [Event] {
        guard !bodies.isEmpty else { return [] }
        var json = "["
        json.reserveCapacity(bodies.reduce(2) { $0 + $1.utf8.count + 1 })
        for (index, body) in bodies.enumerated() {
            if index > 0 { json += "," }
            json += body
        }
        json += "]"
        return try JSONDecoder().decode([Event].self, from: Data(json.utf8))
    }
}
