import ApplePush
import Crypto
import Foundation

/// Why a notification is sent: decides the preference that governs it and how it is shown.
package enum PushKind: String, Sendable, CaseIterable {
    case yourTurn = "your_turn"
    case invitation
    case gameOver = "game_over"
    case draftAlert = "draft_alert"
    case draftActivity = "draft_activity"
    case test
}

/// One notification for one user, before it is expanded to their devices.
package struct PushMessage: Sendable, Equatable {
    package var user: String
    package var kind: PushKind
    /// The app it is for; nil reaches every app of the user (a test push).
    package var product: PushProduct?
    package var pushType: APNsRequest.PushType
    /// For a Live Activity: the activity whose tokens it goes to.
    package var activityID: String?
    package var payload: Data
    package var collapseID: String?
    package var priority: APNsRequest.Priority
    /// Seconds since 1970 after which APNs may stop trying; nil lets APNs keep it a while.
    package var expiration: Int64?
    /// The same key twice stores one notification (a retried transaction, a replayed event).
    package var dedupeKey: String

    package init(
        user: String, kind: PushKind, product: PushProduct?, pushType: APNsRequest.PushType = .alert, activityID: String? = nil, payload: Data,
        collapseID: String? = nil, priority: APNsRequest.Priority = .immediate, expiration: Int64? = nil, dedupeKey: String
    ) {
        self.user = user
        self.kind = kind
        self.product = product
        self.pushType = pushType
        self.activityID = activityID
        self.payload = payload
        self.collapseID = collapseID
        self.priority = priority
        self.expiration = expiration
        self.dedupeKey = dedupeKey
    }

    /// The devices it goes to.
    package var deviceKind: PushDevice.Kind { pushType == .liveactivity ? .liveActivity : .alert }
}

/// A stored notification claimed for sending.
package struct ClaimedPush: Sendable, Equatable {
    package var id: String
    package var message: PushMessage
    /// Including this one.
    package var attempts: Int

    /// The `apns-id` for `token`: the same for every attempt, so APNs' delivery log and the
    /// app see one notification however many times a crash made Parlor send it.
    package func apnsID(for token: String) -> UUID {
        var bytes = Array(SHA256.hash(data: Data((id + "/" + token).utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 layout: name-based
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
