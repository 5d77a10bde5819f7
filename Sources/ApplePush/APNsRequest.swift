import Foundation

/// ApplePush: what Parlor sends to Apple's Push Notification service, decided in code that runs
/// (and is tested) on Linux — the request's path, headers and size limit, alert and Live Activity
/// payloads, the provider token (ES256 JWT) and its renewal, and what each APNs answer means.
/// Sending it over HTTP/2 is the server's job; nothing here does I/O.
///
/// One notification to one device, as APNs takes it: `POST /3/device/<token>` with these headers.
public struct APNsRequest: Sendable, Equatable {
    public enum PushType: String, Sendable, CaseIterable {
        case alert, background, liveactivity
    }

    /// 10 sends at once, 5 lets the device save power; background pushes must use 5.
    public enum Priority: Int, Sendable {
        case immediate = 10
        case considerate = 5
    }

    /// Lowercase hex, as the device registered it.
    public var deviceToken: String
    /// The app's bundle id; `<bundle>.push-type.liveactivity` for a Live Activity.
    public var topic: String
    public var pushType: PushType
    public var priority: Priority
    /// When APNs may stop trying to deliver: seconds since 1970; 0 means deliver now or never.
    public var expiration: Int64?
    /// Notifications with the same id replace each other on the device (at most 64 bytes).
    public var collapseID: String?
    /// Chosen by Parlor and kept with the outbox row, so a resend after a crash carries the same id.
    public var id: UUID
    public var payload: Data

    /// The most APNs takes for every push type but VoIP.
    public static let maximumPayloadBytes = 4096

    public init(
        deviceToken: String, topic: String, pushType: PushType, priority: Priority, expiration: Int64? = nil, collapseID: String? = nil,
        id: UUID, payload: Data
    ) {
        self.deviceToken = deviceToken
        self.topic = topic
        self.pushType = pushType
        self.priority = priority
        self.expiration = expiration
        self.collapseID = collapseID
        self.id = id
        self.payload = payload
    }

    /// Why a request cannot be sent as it is.
    public enum Problem: Error, Equatable, Sendable {
        case payloadTooLarge(bytes: Int)
        case badDeviceToken
        case collapseIDTooLong
        case backgroundNeedsPriorityFive
    }

    /// Checks what APNs would refuse, before it is sent.
    public func validate() throws(Problem) {
        guard payload.count <= Self.maximumPayloadBytes else { throw .payloadTooLarge(bytes: payload.count) }
        guard (32...200).contains(deviceToken.count), deviceToken.allSatisfy(\.isHexDigit) else { throw .badDeviceToken }
        guard (collapseID?.utf8.count ?? 0) <= 64 else { throw .collapseIDTooLong }
        guard pushType != .background || priority == .considerate else { throw .backgroundNeedsPriorityFive }
    }

    public var path: String { "/3/device/\(deviceToken.lowercased())" }

    /// The request's headers, `authorization` included, in a stable order.
    public func headers(providerToken: String) -> [(name: String, value: String)] {
        var headers: [(String, String)] = [
            ("authorization", "bearer \(providerToken)"), ("apns-topic", topic), ("apns-push-type", pushType.rawValue),
            ("apns-priority", String(priority.rawValue)), ("apns-id", id.uuidString.lowercased()),
        ]
        if let expiration { headers.append(("apns-expiration", String(expiration))) }
        if let collapseID { headers.append(("apns-collapse-id", collapseID)) }
        return headers.map { (name: $0.0, value: $0.1) }
    }
}

/// APNs' two hosts.
public enum APNsEnvironment: String, Sendable, CaseIterable {
    case sandbox, production

    public var baseURL: URL {
        switch self {
        case .sandbox: URL(string: "https://api.sandbox.push.apple.com")!
        case .production: URL(string: "https://api.push.apple.com")!
        }
    }
}
