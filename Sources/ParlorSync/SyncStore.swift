import ParlorAccounts
import ParlorDatabase
import SQLKit
import StatsSync

/// An event about to be written to `sync_events`.
struct SyncEventRow: Sendable {
    var eventID: String
    var device: String
    var seq: Int64
    var kind: String
    /// The canonical JSON of the event.
    var body: String
}

/// One device's row of `sync_devices`.
struct SyncDeviceState: Sendable, Equatable {
    /// Every `seq` 1...contiguous is held.
    var contiguous: Int64 = 0
    /// The highest `seq` held, gap or not.
    var highest: Int64 = 0
}

/// SQL over `sync_events`, `sync_heads` and `sync_devices`. Every query is scoped to one user.
enum SyncStore {
    // MARK: Change numbers

    /// Takes the user's head row lock for the rest of the transaction and returns the head.
    ///
    /// Creating the row first (ignoring a concurrent creation) means there is always a row to lock;
    /// the no-op UPDATE locks it on PostgreSQL until commit (SQLite's `BEGIN IMMEDIATE` already
    /// serialises every writer), and it waits for and then sees a head another writer committed.
    static func lockHead(of user: String, on sql: any SQLDatabase) async throws -> Int64 {
        try await sql.insert(into: "sync_heads").columns("user_id", "head").values(SQLBind(user), SQLBind(Int64(0)))
            .ignoringConflicts(with: "user_id").run()
        let row = try await sql.raw("UPDATE sync_heads SET head = head WHERE user_id = \(bind: user) RETURNING head").first()
        return try row?.decode(column: "head", as: Int64.self) ?? 0
    }

    static func setHead(_ head: Int64, of user: String, on sql: any SQLDatabase) async throws {
        try await sql.update("sync_heads").set("head", to: head).where("user_id", .equal, user).run()
    }

    /// The last change number handed out to the user; 0 before the first event.
    static func head(of user: String, on sql: any SQLDatabase) async throws -> Int64 {
        try await sql.select().column("head").from("sync_heads").where("user_id", .equal, user).first()?
            .decode(column: "head", as: Int64.self) ?? 0
    }

    // MARK: Events

    /// The stored bodies of those of `ids` the user holds, by id.
    static func bodies(ids: [String], of user: String, on sql: any SQLDatabase) async throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await sql.select().columns("event_id", "body").from("sync_events")
            .where("user_id", .equal, user).where("event_id", .in, ids).all()
        var bodies: [String: String] = [:]
        for row in rows {
            bodies[try row.decode(column: "event_id", as: String.self)] = try row.decode(column: "body", as: String.self)
        }
        return bodies
    }

    /// The ids of stored events that hold any of `dots` (sequence numbers by device).
    static func owners(of dots: [String: [Int64]], of user: String, on sql: any SQLDatabase) async throws -> [Dot: String] {
        guard !dots.isEmpty else { return [:] }
        let rows = try await sql.select().columns("event_id", "device", "seq").from("sync_events")
            .where("user_id", .equal, user)
            .where { group in
                for (device, seqs) in dots.sorted(by: { $0.key < $1.key }) {
                    group.orWhere { $0.where("device", .equal, device).where("seq", .in, seqs) }
                }
                return group
            }
            .all()
        var owners: [Dot: String] = [:]
        for row in rows {
            let dot = Dot(device: try row.decode(column: "device", as: String.self), seq: try row.decode(column: "seq", as: Int64.self))
            owners[dot] = try row.decode(column: "event_id", as: String.self)
        }
        return owners
    }

    struct Dot: Hashable, Sendable {
        var device: String
        var seq: Int64
    }

    /// Inserts `rows` with change numbers `firstChange`, `firstChange + 1`, … in one statement per
    /// 200 rows (well inside both engines' limits on bound parameters).
    static func insert(_ rows: [SyncEventRow], firstChange: Int64, receivedAt: Int64, of user: String, on sql: any SQLDatabase) async throws {
        var change = firstChange
        for start in stride(from: 0, to: rows.count, by: 200) {
            let insert = sql.insert(into: "sync_events")
                .columns("user_id", "event_id", "device", "seq", "kind", "body", "change_seq", "received_at")
            for row in rows[start..<min(start + 200, rows.count)] {
                insert.values(
                    SQLBind(user), SQLBind(row.eventID), SQLBind(row.device), SQLBind(row.seq), SQLBind(row.kind), SQLBind(row.body),
                    SQLBind(change), SQLBind(receivedAt))
                change += 1
            }
            try await insert.run()
        }
    }

    /// Up to `limit` stored sequence numbers of `device` above `after`, in order.
    static func sequences(of device: String, after: Int64, limit: Int, of user: String, on sql: any SQLDatabase) async throws -> [Int64] {
        try await sql.select().column("seq").from("sync_events")
            .where("user_id", .equal, user).where("device", .equal, device).where("seq", .greaterThan, after)
            .orderBy("seq").limit(limit).all()
            .map { try $0.decode(column: "seq", as: Int64.self) }
    }

    /// Events with change numbers above `after`, oldest change first: the body and its change number.
    static func page(after: Int64, limit: Int, of user: String, on sql: any SQLDatabase) async throws -> [(change: Int64, body: String)] {
        try await sql.select().columns("change_seq", "body").from("sync_events")
            .where("user_id", .equal, user).where("change_seq", .greaterThan, after)
            .orderBy("change_seq").limit(limit).all()
            .map { (try $0.decode(column: "change_seq", as: Int64.self), try $0.decode(column: "body", as: String.self)) }
    }

    /// The bodies of every event up to change number `head`.
    static func bodies(upTo head: Int64, of user: String, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.select().column("body").from("sync_events")
            .where("user_id", .equal, user).where("change_seq", .lessThanOrEqual, head)
            .orderBy("change_seq").all()
            .map { try $0.decode(column: "body", as: String.self) }
    }

    // MARK: Devices

    static func devices(_ devices: [String], of user: String, on sql: any SQLDatabase) async throws -> [String: SyncDeviceState] {
        guard !devices.isEmpty else { return [:] }
        let rows = try await sql.select().columns("device", "contiguous", "highest").from("sync_devices")
            .where("user_id", .equal, user).where("device", .in, devices).all()
        var states: [String: SyncDeviceState] = [:]
        for row in rows {
            states[try row.decode(column: "device", as: String.self)] = SyncDeviceState(
                contiguous: try row.decode(column: "contiguous", as: Int64.self), highest: try row.decode(column: "highest", as: Int64.self))
        }
        return states
    }

    /// Writes the given devices' states in one statement.
    static func save(_ states: [String: SyncDeviceState], of user: String, on sql: any SQLDatabase) async throws {
        guard !states.isEmpty else { return }
        let insert = sql.insert(into: "sync_devices").columns("user_id", "device", "contiguous", "highest")
        for (device, state) in states.sorted(by: { $0.key < $1.key }) {
            insert.values(SQLBind(user), SQLBind(device), SQLBind(state.contiguous), SQLBind(state.highest))
        }
        try await insert.onConflict(with: ["user_id", "device"]) { $0.set(excludedValueOf: "contiguous").set(excludedValueOf: "highest") }
            .run()
    }

    /// The user's version vector: per device, the contiguous prefix held.
    static func version(of user: String, on sql: any SQLDatabase) async throws -> VersionVector {
        let rows = try await sql.select().columns("device", "contiguous").from("sync_devices")
            .where("user_id", .equal, user).where("contiguous", .greaterThan, Int64(0)).all()
        var entries: [DeviceID: Int] = [:]
        for row in rows {
            guard let device = DeviceID(rawValue: try row.decode(column: "device", as: String.self)) else { continue }
            entries[device] = Int(try row.decode(column: "contiguous", as: Int64.self))
        }
        return VersionVector(entries)
    }
}
