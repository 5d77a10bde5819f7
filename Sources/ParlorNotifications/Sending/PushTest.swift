import ApplePush
import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// `parlor push test`: one notification to every device of a user, sent at once through the
/// configured transport, with each device's answer.
extension PushSender {
    package struct DeviceReport: Sendable, Equatable {
        package var token: String
        package var environment: String
        /// 200 when APNs accepted it; 0 when it was refused before sending; nil when it will be tried again.
        package var status: Int?
        package var reason: String?
    }

    package func sendTest(to user: String, title: String = "Parlor", body: String = "Test notification") async throws -> [DeviceReport] {
        let key = "test/\(UUID().uuidString.lowercased())"
        let payload = APNsAlert(title: title, body: body, custom: ["type": "test"]).payload()
        let time = millis
        let claimed = try await database.transaction { sql -> ClaimedPush? in
            try await PushOutbox.enqueue(
                [PushMessage(user: user, kind: .test, product: nil, payload: payload, dedupeKey: key)], products: configuration.products, at: time, on: sql)
            return try await PushOutbox.claim(dedupeKey: key, leaseEnd: time + configuration.lease.milliseconds, on: sql)
        }
        guard let claimed else { return [] }
        let devices = try await database.withConnection { sql in try await DeviceStore.devices(of: user, on: sql) }.filter { $0.kind == .alert }
        await deliver(claimed)
        let answers = try await database.withConnection { sql in try await PushOutbox.deliveries(of: claimed.id, on: sql) }
        return devices.map { device in
            let answer = answers[device.token]
            return DeviceReport(token: device.token, environment: device.environment.rawValue, status: answer?.status, reason: answer?.reason)
        }
    }
}

extension PushOutbox {
    /// Claims the notification stored under `dedupeKey`, due or not.
    static func claim(dedupeKey: String, leaseEnd: Int64, on sql: any SQLDatabase) async throws -> ClaimedPush? {
        try await sql.raw("""
            UPDATE push_outbox SET claimed_until = \(bind: leaseEnd), attempts = attempts + 1
            WHERE dedupe_key = \(bind: dedupeKey) AND finished_at IS NULL
            RETURNING \(idents: claimedColumns, joinedBy: ", ")
            """).first().map(claimed)
    }

    /// Each device's answer to notification `id`.
    package static func deliveries(of id: String, on sql: any SQLDatabase) async throws -> [String: (status: Int, reason: String?)] {
        var found: [String: (status: Int, reason: String?)] = [:]
        for row in try await sql.select().columns("token", "status", "reason").from("push_deliveries").where("outbox_id", .equal, id).all() {
            found[try row.decode(column: "token", as: String.self)] = (try row.decode(column: "status", as: Int.self), try row.decode(column: "reason", as: String?.self))
        }
        return found
    }
}
