import Foundation

/// An alert notification's JSON: `aps` with the alert, sound, badge, category and thread, and
/// the app's own keys beside it (as the seed's draft payloads carry `data`).
public struct APNsAlert: Sendable, Equatable {
    public var title: String
    public var body: String
    public var sound: String? = "default"
    public var badge: Int?
    public var category: String?
    public var threadID: String?
    public var contentAvailable = false
    /// The app's own strings for the title and body (`title-loc-key`, `loc-key`) and what fills
    /// their placeholders, so the alert reads in the device's language; `title` and `body` stay
    /// in English beside them for a build without the strings.
    public var localization: Localization?
    /// Encoded beside `aps`, each key once.
    public var custom: [String: APNsValue] = [:]

    public init(title: String, body: String, category: String? = nil, threadID: String? = nil, custom: [String: APNsValue] = [:]) {
        self.title = title
        self.body = body
        self.category = category
        self.threadID = threadID
        self.custom = custom
    }

    public struct Localization: Sendable, Equatable {
        public var titleKey: String
        public var titleArguments: [String]
        public var bodyKey: String
        public var bodyArguments: [String]

        public init(titleKey: String, titleArguments: [String] = [], bodyKey: String, bodyArguments: [String] = []) {
            self.titleKey = titleKey
            self.titleArguments = titleArguments
            self.bodyKey = bodyKey
            self.bodyArguments = bodyArguments
        }

        var fields: [String: APNsValue] {
            var fields: [String: APNsValue] = ["title-loc-key": .string(titleKey), "loc-key": .string(bodyKey)]
            if !titleArguments.isEmpty { fields["title-loc-args"] = .array(titleArguments.map(APNsValue.string)) }
            if !bodyArguments.isEmpty { fields["loc-args"] = .array(bodyArguments.map(APNsValue.string)) }
            return fields
        }
    }

    public func payload() -> Data {
        var alert: [String: APNsValue] = ["title": .string(title), "body": .string(body)]
        if let localization { alert.merge(localization.fields) { _, new in new } }
        var aps: [String: APNsValue] = ["alert": .object(alert)]
        if let sound { aps["sound"] = .string(sound) }
        if let badge { aps["badge"] = .int(Int64(badge)) }
        if let category { aps["category"] = .string(category) }
        if let threadID { aps["thread-id"] = .string(threadID) }
        if contentAvailable { aps["content-available"] = .int(1) }
        var root = custom
        root["aps"] = .object(aps)
        return APNsValue.object(root).json()
    }
}

/// A Live Activity push: `event` update or end, the `content-state` the app's
/// `ActivityAttributes.ContentState` decodes (so its keys are that type's property names), the
/// `timestamp` that orders updates, and when the system may call it stale or remove it.
public struct LiveActivityPush: Sendable, Equatable {
    public enum Event: String, Sendable { case update, end }

    public var event: Event
    public var contentState: [String: APNsValue]
    /// Seconds since 1970; the device ignores an update older than the one it shows.
    public var timestamp: Int64
    public var staleDate: Int64?
    public var dismissalDate: Int64?
    public var alert: (title: String, body: String)?

    public init(event: Event, contentState: [String: APNsValue], timestamp: Int64, staleDate: Int64? = nil, dismissalDate: Int64? = nil) {
        self.event = event
        self.contentState = contentState
        self.timestamp = timestamp
        self.staleDate = staleDate
        self.dismissalDate = dismissalDate
    }

    public static func == (a: LiveActivityPush, b: LiveActivityPush) -> Bool {
        a.payload() == b.payload()
    }

    public func payload() -> Data {
        var aps: [String: APNsValue] = [
            "event": .string(event.rawValue), "timestamp": .int(timestamp), "content-state": .object(contentState),
        ]
        if let staleDate { aps["stale-date"] = .int(staleDate) }
        if let dismissalDate { aps["dismissal-date"] = .int(dismissalDate) }
        if let alert { aps["alert"] = .object(["title": .string(alert.title), "body": .string(alert.body)]) }
        return APNsValue.object(["aps": .object(aps)]).json()
    }
}

/// TopDog's draft timer as the seed's `DraftTimerAttributes.ContentState` has it.
public struct DraftTimerContentState: Sendable, Equatable {
    public var timeRemaining: Int
    public var pickNumber: Int
    public var round: Int
    public var pickInRound: Int
    public var isMyTurn: Bool
    public var currentPlayerName: String?
    public var currentPlayerPosition: String?

    public init(
        timeRemaining: Int, pickNumber: Int, round: Int, pickInRound: Int, isMyTurn: Bool, currentPlayerName: String? = nil,
        currentPlayerPosition: String? = nil
    ) {
        self.timeRemaining = timeRemaining
        self.pickNumber = pickNumber
        self.round = round
        self.pickInRound = pickInRound
        self.isMyTurn = isMyTurn
        self.currentPlayerName = currentPlayerName
        self.currentPlayerPosition = currentPlayerPosition
    }

    /// Keyed by the app type's property names (camelCase): ActivityKit decodes it with them.
    public var value: [String: APNsValue] {
        var state: [String: APNsValue] = [
            "timeRemaining": .int(Int64(timeRemaining)), "pickNumber": .int(Int64(pickNumber)), "round": .int(Int64(round)),
            "pickInRound": .int(Int64(pickInRound)), "isMyTurn": .bool(isMyTurn),
        ]
        if let currentPlayerName { state["currentPlayerName"] = .string(currentPlayerName) }
        if let currentPlayerPosition { state["currentPlayerPosition"] = .string(currentPlayerPosition) }
        return state
    }
}

/// JSON as APNs payloads need it, encoded with sorted keys so a payload is the same bytes every time.
public indirect enum APNsValue: Sendable, Equatable, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }

    case string(String)
    case int(Int64)
    case bool(Bool)
    case object([String: APNsValue])
    case array([APNsValue])

    public func json() -> Data {
        var text = ""
        write(into: &text)
        return Data(text.utf8)
    }

    private func write(into text: inout String) {
        switch self {
        case .string(let value): text += Self.quoted(value)
        case .int(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                text += Self.quoted(key) + ":"
                members[key]?.write(into: &text)
            }
            text += "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
