import ApplePush
import Foundation
import SQLKit

/// The `push_devices` table.
package enum DeviceStore {
    static let columns = ["token", "user_id", "environment", "bundle_id", "kind", "activity_id", "registered_at"]

    /// Stores `device`, taking the token from whoever had it and making it active again.
    package static func register(_ device: PushDevice, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "push_devices")
            .columns(columns + ["deactivated_at", "deactivated_reason"])
            .values(
                SQLBind(device.token), SQLBind(device.user), SQLBind(device.environment.rawValue), SQLBind(device.bundleID),
                SQLBind(device.kind.rawValue), SQLBind(device.activityID), SQLBind(device.registeredAt), SQLLiteral.null, SQLLiteral.null)
            .onConflict(with: ["token"]) { conflict in
                conflict.set(excludedValueOf: "user_id").set(excludedValueOf: "environment").set(excludedValueOf: "bundle_id")
                    .set(excludedValueOf: "kind").set(excludedValueOf: "activity_id").set(excludedValueOf: "registered_at")
                    .set(excludedValueOf: "deactivated_at").set(excludedValueOf: "deactivated_reason")
            }
            .run()
    }

    /// Forgets `user`'s `token`; false when they have no such token.
    package static func remove(_ token: String, of user: String, on sql: any SQLDatabase) async throws -> Bool {
        let rows = try await sql.delete(from: "push_devices").where("token", .equal, token.lowercased()).where("user_id", .equal, user)
            .returning("token").all()
        return !rows.isEmpty
    }

    /// `user`'s active devices, newest registration first.
    package static func devices(of user: String, on sql: any SQLDatabase) async throws -> [PushDevice] {
        try await sql.select().columns(columns.map { SQLColumn($0) }).from("push_devices")
            .where("user_id", .equal, user).where("deactivated_at", .is, SQLLiteral.null)
            .orderBy("registered_at", .descending).orderBy("token").all().map(device)
    }

    /// Of `users`, those with an active device of `kind` of one of the apps `bundles` (for a Live
    /// Activity, of `activity`).
    package static func reachable(
        _ users: Set<String>, kind: PushDevice.Kind, activity: String?, bundles: Set<String>, on sql: any SQLDatabase
    ) async throws -> Set<String> {
        guard !users.isEmpty, !bundles.isEmpty else { return [] }
        var query = sql.select().distinct().column("user_id").from("push_devices")
            .where("user_id", .in, Array(users)).where("kind", .equal, kind.rawValue).where("deactivated_at", .is, SQLLiteral.null)
            .where("bundle_id", .in, Array(bundles))
        if let activity { query = query.where("activity_id", .equal, activity) }
        return Set(try await query.all().map { try $0.decode(column: "user_id", as: String.self) })
    }

    /// APNs said the token no longer reaches the app: deactivate it, unless the device registered
    /// it again after `unregisteredAt` (APNs' own time of learning so).
    package static func deactivate(_ token: String, reason: String, unregisteredAt: Int64?, at time: Int64, on sql: any SQLDatabase) async throws {
        var update = sql.update("push_devices").set("deactivated_at", to: SQLBind(time)).set("deactivated_reason", to: SQLBind(reason))
            .where("token", .equal, token).where("deactivated_at", .is, SQLLiteral.null)
        if let unregisteredAt { update = update.where("registered_at", .lessThanOrEqual, unregisteredAt) }
        try await update.run()
    }

    package static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "push_devices").where("user_id", .equal, user).run()
    }

    static func device(_ row: any SQLRow) throws -> PushDevice {
        let environment = try row.decode(column: "environment", as: String.self)
        let kind = try row.decode(column: "kind", as: String.self)
        guard let env = APNsEnvironment(rawValue: environment), let kind = PushDevice.Kind(rawValue: kind) else {
            throw DeviceStoreError.corruptRow
        }
        return PushDevice(
            token: try row.decode(column: "token", as: String.self), user: try row.decode(column: "user_id", as: String.self),
            environment: env, bundleID: try row.decode(column: "bundle_id", as: String.self), kind: kind,
            activityID: try row.decode(column: "activity_id", as: String?.self), registeredAt: try row.decode(column: "registered_at", as: Int64.self))
    }
}

enum DeviceStoreError: Error, CustomStringConvertible {
    case corruptRow

    var description: String { "a row of push_devices does not decode" }
}
