import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// The outbox as an operator reads it (`GET /admin/push/notifications`).
extension NotificationsAPI {
    package func adminListPushNotifications(
        _ input: Operations.AdminListPushNotifications.Input
    ) async throws -> Operations.AdminListPushNotifications.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let state = input.query.state.flatMap { PushOutbox.AdminState(rawValue: $0.rawValue) }
        let dayAgo = push.millis - 86_400_000
        let (rows, health) = try await push.database.withConnection { sql in
            (
                try await PushOutbox.adminPage(user: input.query.userId, state: state, before: cursor.map { ($0.time, $0.id) }, limit: limit + 1, on: sql),
                try await PushOutbox.health(since: dayAgo, on: sql)
            )
        }
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last.map { PageCursor(time: $0.createdAt, id: $0.id).token } : nil
        return .ok(.init(body: .json(.init(
            notifications: page.map(Components.Schemas.AdminPushNotification.init), pending: health.pending, failedLastDay: health.failed, next: next))))
    }
}

extension Components.Schemas.AdminPushNotification {
    init(_ row: PushOutbox.AdminRow) {
        self.init(
            id: row.id, userId: row.user, kind: row.kind, pushType: row.pushType, product: row.product, attempts: row.attempts,
            createdAt: Date(millis: row.createdAt), dueAt: row.finishedAt == nil ? Date(millis: row.dueAt) : nil,
            finishedAt: row.finishedAt.map(Date.init(millis:)), outcome: row.outcome,
            deliveries: row.deliveries.map {
                // A device token is a credential for pushing to that device: staff see only its end.
                .init(tokenSuffix: String($0.token.suffix(8)), status: $0.status, reason: $0.reason, at: Date(millis: $0.at))
            })
    }
}
