import ApplePush
import Foundation
import ParlorTopDog
import SQLKit

/// TopDog's notifications: its draft alerts with the seed's payloads (Appendix H), and updates
/// of the Live Activity that follows a draft room's clock (`DraftTimerAttributes`), all to
/// TopDog's app.
package struct DraftPushes: DraftAlertsHook {
    let products: PushProducts

    package init(products: PushProducts) { self.products = products }

    package func draftChanged(alerts: [DraftAlert], activity: DraftActivity?, at time: Int64, on sql: any SQLDatabase) async throws {
        var messages = try alerts.map { try Self.message($0, at: time) }
        if let activity { messages += Self.messages(for: activity, at: time) }
        try await PushOutbox.enqueue(messages, products: products, at: time, on: sql)
    }

    static func message(_ alert: DraftAlert, at time: Int64) throws -> PushMessage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A clock alert is worthless once the clock has run out.
        var expiration: Int64?
        if case .object(let data)? = alert.payload["data"], case .int(let seconds)? = data["timeRemaining"] {
            expiration = time / 1000 + Int64(seconds)
        }
        return PushMessage(
            user: alert.user, kind: .draftAlert, product: .topDog, payload: try encoder.encode(alert.payload), expiration: expiration,
            dedupeKey: "draft/\(alert.dedupeKey)/\(alert.user)")
    }

    /// One update (or the end) per participant: `isMyTurn` differs from one to the next.
    static func messages(for activity: DraftActivity, at time: Int64) -> [PushMessage] {
        let seconds = time / 1000
        return activity.users.map { user in
            let state = DraftTimerContentState(
                timeRemaining: activity.ended ? 0 : Int(max(0, (activity.endsAt - time + 999) / 1000)), pickNumber: activity.pick,
                round: activity.round, pickInRound: activity.pickInRound, isMyTurn: !activity.ended && activity.onTheClock == user,
                currentPlayerName: activity.ended ? nil : activity.onTheClockName)
            let push = LiveActivityPush(
                event: activity.ended ? .end : .update, contentState: state.value, timestamp: seconds,
                staleDate: activity.ended ? nil : activity.endsAt / 1000 + 1,
                dismissalDate: activity.ended ? seconds + 15 * 60 : nil)
            return PushMessage(
                user: user, kind: .draftActivity, product: .topDog, pushType: .liveactivity, activityID: activity.room, payload: push.payload(),
                expiration: activity.ended ? nil : activity.endsAt / 1000 + 1, dedupeKey: "activity/\(activity.room)/\(activity.seq)/\(user)")
        }
    }
}
