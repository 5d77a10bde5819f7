import Foundation

/// A draft alert for one user, with the push payload the seed's app handles (Appendix H): the
/// `aps` dictionary and a `data` object whose `type` and `roomId` route the tap to the room.
package struct DraftAlert: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case roomFilled = "room_filled"
        case draftStarting = "draft_starting"
        case picksAway = "picks_away"
        case onTheClock = "on_the_clock"
        case tenSecondsRemaining = "ten_seconds_remaining"
    }

    package var kind: Kind
    package var user: String
    package var room: String
    /// Raising the same key twice records one alert (a pick's alerts, say, after a retried transaction).
    package var dedupeKey: String
    package var payload: [String: JSONPayload]

    /// "Your Turn!" — `Pick 2.05 - 30 seconds to draft`.
    package static func onTheClock(user: String, room: String, pick: Int, label: String, seconds: Int) -> DraftAlert {
        DraftAlert(
            kind: .onTheClock, user: user, room: room, dedupeKey: "\(room)/\(pick)/on_the_clock",
            payload: [
                "aps": .object([
                    "alert": localized("DRAFT_ON_THE_CLOCK", "Your Turn!", "Pick \(label) - \(seconds) seconds to draft", [label, "\(seconds)"]),
                    "sound": "default", "badge": 1, "category": "DRAFT_PICK", "content-available": 1,
                ]),
                "data": .object(["type": "on_the_clock", "roomId": .string(room), "pickNumber": .int(pick), "timeRemaining": .int(seconds)]),
            ])
    }

    package static func picksAway(user: String, room: String, pick: Int, away: Int, tournament: String) -> DraftAlert {
        DraftAlert(
            kind: .picksAway, user: user, room: room, dedupeKey: "\(room)/\(pick)/picks_away/\(user)",
            payload: [
                "aps": .object([
                    "alert": localized("DRAFT_PICKS_AWAY", "\(away) Picks Away", "Get ready - \(tournament)", [tournament], titleArgs: ["\(away)"]),
                    "sound": "default",
                ]),
                "data": .object(["type": "picks_away", "roomId": .string(room), "picksAway": .int(away)]),
            ])
    }

    package static func draftStarting(user: String, room: String, tournament: String) -> DraftAlert {
        DraftAlert(
            kind: .draftStarting, user: user, room: room, dedupeKey: "\(room)/draft_starting/\(user)",
            payload: [
                "aps": .object(["alert": localized("DRAFT_STARTING", "Draft Starting", "\(tournament) is starting now!", [tournament]), "sound": "default"]),
                "data": .object(["type": "draft_starting", "roomId": .string(room)]),
            ])
    }

    package static func roomFilled(user: String, room: String, tournament: String, startsInSeconds: Int) -> DraftAlert {
        DraftAlert(
            kind: .roomFilled, user: user, room: room, dedupeKey: "\(room)/room_filled/\(user)",
            payload: [
                "aps": .object([
                    "alert": localized("DRAFT_ROOM_FILLED", "Room Filled", "\(tournament) drafts in \(startsInSeconds) seconds", [tournament, "\(startsInSeconds)"]),
                    "sound": "default",
                ]),
                "data": .object(["type": "room_filled", "roomId": .string(room)]),
            ])
    }

    package static func tenSeconds(user: String, room: String, pick: Int, label: String) -> DraftAlert {
        DraftAlert(
            kind: .tenSecondsRemaining, user: user, room: room, dedupeKey: "\(room)/\(pick)/ten_seconds",
            payload: [
                "aps": .object([
                    "alert": localized("DRAFT_TEN_SECONDS", "10 Seconds Left", "Pick \(label) - make your pick", [label]), "sound": "default",
                    "interruption-level": "time-sensitive",
                ]),
                "data": .object(["type": "ten_seconds_remaining", "roomId": .string(room), "pickNumber": .int(pick), "timeRemaining": 10]),
            ])
    }
}

extension DraftAlert {
    /// An alert the app shows in the player's language from its own strings (`KEY_TITLE` and
    /// `KEY_BODY` with `args`), with the English text for a build without them.
    static func localized(_ key: String, _ title: String, _ body: String, _ args: [String], titleArgs: [String] = []) -> JSONPayload {
        var alert: [String: JSONPayload] = [
            "title": .string(title), "body": .string(body), "title-loc-key": .string(key + "_TITLE"), "loc-key": .string(key + "_BODY"),
            "loc-args": .array(args.map(JSONPayload.string)),
        ]
        if !titleArgs.isEmpty { alert["title-loc-args"] = .array(titleArgs.map(JSONPayload.string)) }
        return .object(alert)
    }
}

/// A JSON value for push payloads, whose keys are APNs' and the app's own (not snake_case).
package enum JSONPayload: Sendable, Equatable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)
    case bool(Bool)
    case object([String: JSONPayload])
    case array([JSONPayload])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONPayload].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONPayload].self))
        }
    }
}
