import ApplePush
import Foundation
@testable import ParlorNotifications
@testable import ParlorTopDog
import Testing

/// What the push hooks queue, before any of it is sent.
@Suite("Push payloads")
struct PushPayloadTests {
    @Test("a draft's end ends every participant's Live Activity, dismissed after 15 minutes")
    func activityEnd() throws {
        let activity = DraftActivity(
            room: "room-9", ended: true, pick: 216, round: 18, pickInRound: 12, endsAt: 0, onTheClock: nil, onTheClockName: nil,
            users: ["a", "b"], seq: 400)
        let messages = DraftPushes.messages(for: activity, at: 1_800_000_000_000)
        #expect(messages.map(\.user) == ["a", "b"])
        #expect(messages.allSatisfy { $0.pushType == .liveactivity && $0.activityID == "room-9" && $0.expiration == nil })
        let aps = try #require((try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])?["aps"] as? [String: Any])
        #expect(aps["event"] as? String == "end")
        #expect(aps["dismissal-date"] as? Int == 1_800_000_000 + 900)
        #expect((aps["content-state"] as? [String: Any])?["isMyTurn"] as? Bool == false)
        #expect(Set(messages.map(\.dedupeKey)).count == 2)
    }

    @Test("a clock update says whose turn it is, how long is left, and goes stale when the clock runs out")
    func activityUpdate() throws {
        let activity = DraftActivity(
            room: "r", ended: false, pick: 14, round: 2, pickInRound: 2, endsAt: 1_800_000_030_000, onTheClock: "b", onTheClockName: "Bea",
            users: ["a", "b"], seq: 20)
        let messages = DraftPushes.messages(for: activity, at: 1_800_000_000_500)
        let states = try messages.map { message in
            try #require(((try JSONSerialization.jsonObject(with: message.payload) as? [String: Any])?["aps"] as? [String: Any])?["content-state"] as? [String: Any])
        }
        #expect(states.map { $0["isMyTurn"] as? Bool } == [false, true])
        #expect(states.allSatisfy { $0["timeRemaining"] as? Int == 30 && $0["currentPlayerName"] as? String == "Bea" && $0["round"] as? Int == 2 })
        #expect(messages.allSatisfy { $0.expiration == 1_800_000_031 })
    }

    @Test("the apns-id of a notification on a device is the same on every attempt, and differs between devices")
    func stableIDs() {
        let push = ClaimedPush(id: "n1", message: PushMessage(user: "u", kind: .test, product: nil, payload: Data(), dedupeKey: "k"), attempts: 1)
        #expect(push.apnsID(for: "aa") == push.apnsID(for: "aa"))
        #expect(push.apnsID(for: "aa") != push.apnsID(for: "bb"))
        #expect(push.apnsID(for: "aa").uuidString.dropFirst(14).first == "5")
    }
}
