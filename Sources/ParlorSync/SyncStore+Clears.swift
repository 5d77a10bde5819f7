import SQLKit

/// SQL over what a clear leaves behind: `sync_heads.cleared_change` and `sync_cleared_devices`.
extension SyncStore {
    /// The change number of the user's last clear; nil when they never cleared.
    static func clearedChange(of user: String, on sql: any SQLDatabase) async throws -> Int64? {
        try await sql.select().column("cleared_change").from("sync_heads").where("user_id", .equal, user).first()?
            .decode(column: "cleared_change", as: Int64?.self)
    }

    /// Per device, the highest `seq` a clear forgot; only for `devices`.
    static func clearedThrough(_ devices: [String], of user: String, on sql: any SQLDatabase) async throws -> [String: Int64] {
        guard !devices.isEmpty else { return [:] }
        let rows = try await sql.select().columns("device", "through_seq").from("sync_cleared_devices")
            .where("user_id", .equal, user).where("device", .in, devices).all()
        var through: [String: Int64] = [:]
        for row in rows { through[try row.decode(column: "device", as: String.self)] = try row.decode(column: "through_seq", as: Int64.self) }
        return through
    }

    /// Forgets the user's events and device positions, keeping per device the highest `seq`
    /// forgotten (never lowering one an earlier clear kept) and `change` as the clear's change
    /// number. Answers how many events were forgotten. In the caller's transaction, under the head lock.
    static func clear(of user: String, change: Int64, at time: Int64, on sql: any SQLDatabase) async throws -> Int {
        let held = try await sql.select().columns("device", "highest").from("sync_devices").where("user_id", .equal, user).all()
        if !held.isEmpty {
            var highest: [String: Int64] = [:]
            for row in held { highest[try row.decode(column: "device", as: String.self)] = try row.decode(column: "highest", as: Int64.self) }
            // Under the head lock no other writer of this user runs, so the larger is taken here.
            let earlier = try await clearedThrough(Array(highest.keys), of: user, on: sql)
            let insert = sql.insert(into: "sync_cleared_devices").columns("user_id", "device", "through_seq", "cleared_at")
            for (device, seq) in highest.sorted(by: { $0.key < $1.key }) {
                insert.values(SQLBind(user), SQLBind(device), SQLBind(max(seq, earlier[device] ?? 0)), SQLBind(time))
            }
            try await insert.onConflict(with: ["user_id", "device"]) { $0.set(excludedValueOf: "through_seq").set(excludedValueOf: "cleared_at") }
                .run()
        }
        let forgotten = try await sql.delete(from: "sync_events").where("user_id", .equal, user).returning("event_id").all().count
        try await sql.delete(from: "sync_devices").where("user_id", .equal, user).run()
        try await sql.update("sync_heads").set("head", to: change).set("cleared_change", to: change).where("user_id", .equal, user).run()
        return forgotten
    }
}
