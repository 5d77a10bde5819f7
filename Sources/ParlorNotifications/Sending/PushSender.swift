import ApplePush
import Foundation
import Logging
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Sends the outbox: claims due notifications (any node may; a claim is a lease), sends each to
/// every active device of its user that is an app of its product, records each device's answer as it comes, then finishes the
/// notification or schedules another try with backoff.
///
/// A node that dies after APNs accepted a notification but before the answer was recorded leaves
/// the claim to lapse; another node sends it again, to that device only, with the same `apns-id`
/// (derived from the notification and the token) and the same collapse id. APNs has no
/// idempotent send — `apns-id` only names a notification in its answers and delivery log — so
/// exactly-once is not on offer: the choice is between losing a notification on a crash and
/// sending it twice, and a duplicate that names itself the same (and replaces the first on the
/// lock screen when it has a collapse id) is the lesser harm.
package struct PushSender: Sendable {
    let database: Database
    let transport: any PushTransport
    let configuration: PushConfiguration
    let now: @Sendable () -> Date
    let logger: Logger

    package init(database: Database, transport: any PushTransport, configuration: PushConfiguration, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.database = database
        self.transport = transport
        self.configuration = configuration
        self.now = now
        self.logger = logger
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Sends up to `limit` due notifications; answers how many it claimed.
    @discardableResult
    package func sendDue(limit: Int = 32) async throws -> Int {
        let time = millis
        guard try await database.withConnection({ try await PushOutbox.anyDue(at: time, on: $0) }) else { return 0 }
        let leaseEnd = time + configuration.lease.milliseconds
        let claimed = try await database.transaction { sql in try await PushOutbox.claim(limit: limit, at: time, leaseEnd: leaseEnd, on: sql) }
        let sendable = try await withinHourlyCap(claimed, at: time)
        await withTaskGroup(of: Void.self) { group in
            for push in sendable { group.addTask { await deliver(push) } }
        }
        return claimed.count
    }

    /// Of `claimed`, the notifications to send: a user's alerts beyond the hourly cap (counting
    /// those sent in the last hour, then these in the order they fell due) are finished as
    /// `capped` instead. Counted per claim, so two nodes sending at once may each let a few more
    /// through: the cap bounds a flood, it is not a quota.
    func withinHourlyCap(_ claimed: [ClaimedPush], at time: Int64) async throws -> [ClaimedPush] {
        let alerting = Set(claimed.filter { $0.message.pushType == .alert }.map(\.message.user))
        guard !alerting.isEmpty else { return claimed }
        var sent = try await database.withConnection { sql in
            try await PushOutbox.alertsSent(to: alerting, since: time - 3_600_000, on: sql)
        }
        var sendable: [ClaimedPush] = []
        var capped: [ClaimedPush] = []
        for push in claimed {
            guard push.message.pushType == .alert else {
                sendable.append(push)
                continue
            }
            let user = push.message.user
            if sent[user, default: 0] < configuration.hourlyCap {
                sent[user, default: 0] += 1
                sendable.append(push)
            } else {
                capped.append(push)
            }
        }
        guard !capped.isEmpty else { return sendable }
        logger.warning("push hourly cap reached", metadata: ["users": "\(Set(capped.map(\.message.user)).count)", "capped": "\(capped.count)"])
        let finished = capped
        try await database.transaction { sql in
            for push in finished { try await PushOutbox.finish(push.id, outcome: "capped", at: time, on: sql) }
        }
        return sendable
    }

    /// What became of one notification on one device.
    enum DeviceResult: Equatable {
        case settled(status: Int, reason: String?)
        case deactivate(status: Int, reason: String, unregisteredAt: Int64?)
        case retry
    }

    func deliver(_ push: ClaimedPush) async {
        do {
            let (devices, settled) = try await database.withConnection { sql in
                (try await DeviceStore.devices(of: push.message.user, on: sql), try await PushOutbox.settledTokens(of: push.id, on: sql))
            }
            let apps = configuration.products.bundleIDs(of: push.message.product)
            let targets = devices.filter {
                $0.kind == push.message.deviceKind && $0.activityID == push.message.activityID && apps.contains($0.bundleID)
                    && !settled.contains($0.token)
            }
            var retry = false
            for device in targets {
                let result = await send(push, to: device)
                try await record(result, of: push, on: device)
                if result == .retry { retry = true }
            }
            let time = millis
            if retry, push.attempts < configuration.maxAttempts {
                let delay = APNsDisposition.backoff(afterAttempts: push.attempts, unit: Double.random(in: 0...1))
                try await database.withConnection { try await PushOutbox.reschedule(push.id, due: time + delay.milliseconds, on: $0) }
            } else {
                if retry { logger.warning("push given up", metadata: ["push": "\(push.id)", "attempts": "\(push.attempts)"]) }
                let outcome = retry ? "gave_up" : (targets.isEmpty && settled.isEmpty ? "no_device" : "sent")
                try await database.withConnection { try await PushOutbox.finish(push.id, outcome: outcome, at: time, on: $0) }
            }
        } catch {
            // The claim lapses and any node tries again.
            logger.warning("push failed", metadata: ["push": "\(push.id)", "error": "\(error)"])
        }
    }

    func send(_ push: ClaimedPush, to device: PushDevice) async -> DeviceResult {
        let message = push.message
        let request = APNsRequest(
            deviceToken: device.token, topic: device.topic, pushType: message.pushType, priority: message.priority,
            expiration: message.expiration, collapseID: message.collapseID, id: push.apnsID(for: device.token), payload: message.payload)
        do {
            try request.validate()
        } catch {
            logger.error("push refused before sending", metadata: ["push": "\(push.id)", "problem": "\(error)"])
            return .settled(status: 0, reason: "\(error)")
        }
        var renew = false
        while true {
            let answer: APNsAnswer
            do {
                answer = try await transport.send(request, environment: device.environment, renewToken: renew)
            } catch {
                logger.warning("APNs unreachable", metadata: ["push": "\(push.id)", "error": "\(error)"])
                return .retry
            }
            let reason = Self.reason(answer)
            switch APNsDisposition(status: answer.status, body: answer.body) {
            case .delivered: return .settled(status: answer.status, reason: nil)
            case .retry: return .retry
            case .renewProviderToken where !renew: renew = true
            case .renewProviderToken:
                logger.error("APNs refuses a fresh provider token", metadata: ["reason": "\(reason ?? "")"])
                return .retry
            case .deactivateToken(let unregisteredAt):
                return .deactivate(status: answer.status, reason: reason ?? "Unregistered", unregisteredAt: unregisteredAt)
            case .drop(let reason):
                logger.warning("APNs refused a push", metadata: ["push": "\(push.id)", "status": "\(answer.status)", "reason": "\(reason)"])
                return .settled(status: answer.status, reason: reason)
            }
        }
    }

    func record(_ result: DeviceResult, of push: ClaimedPush, on device: PushDevice) async throws {
        let time = millis
        switch result {
        case .retry: return
        case .settled(let status, let reason):
            try await database.withConnection { sql in
                try await PushOutbox.settle(push.id, token: device.token, status: status, reason: reason, at: time, on: sql)
            }
        case .deactivate(let status, let reason, let unregisteredAt):
            try await database.transaction { sql in
                try await DeviceStore.deactivate(device.token, reason: reason, unregisteredAt: unregisteredAt, at: time, on: sql)
                try await PushOutbox.settle(push.id, token: device.token, status: status, reason: reason, at: time, on: sql)
            }
        }
    }

    static func reason(_ answer: APNsAnswer) -> String? {
        struct Body: Decodable { var reason: String? }
        return answer.body.flatMap { try? JSONDecoder().decode(Body.self, from: $0) }?.reason
    }

    /// Forgets notifications finished longer ago than the retention.
    package func prune() async throws {
        let before = millis - configuration.retention.milliseconds
        try await database.transaction { sql in try await PushOutbox.prune(finishedBefore: before, on: sql) }
    }
}
