import Foundation
import GameCore
import ParlorAPI
@testable import ParlorRealtime
import ServerTestSupport
import Testing

/// `asyncapi.yaml` and the Swift wire types are one contract: the same messages, each example
/// valid, and each decoding into its Swift type and encoding back to the same JSON.
struct RealtimeContractTests {
    let document: AsyncAPIDocument

    init() throws { document = try AsyncAPIDocument.load() }

    static let clientTypes = Set(RealtimeClientMessageType.allCases.map(\.rawValue))
    static let serverTypes = Set(RealtimeServerMessageType.allCases.map(\.rawValue))

    /// Each message's Swift type, as a round trip: JSON in, the same message's JSON out.
    static let swiftTypes: [String: @Sendable (Data) throws -> Data] = [
        "authenticate": roundTrip(RealtimeAuthenticate.self),
        "subscribe": roundTrip(RealtimeSubscribe.self),
        "unsubscribe": roundTrip(RealtimeUnsubscribe.self),
        "move": roundTrip(RealtimeMove<JSONValue>.self),
        "resign": roundTrip(RealtimeResign.self),
        "chat": roundTrip(RealtimeChat.self),
        "ping": roundTrip(RealtimePing.self),
        "welcome": roundTrip(RealtimeWelcome.self),
        "state": roundTrip(RealtimeState<JSONValue, JSONValue>.self),
        "game_started": roundTrip(RealtimeGameStarted<JSONValue>.self),
        "move_made": roundTrip(RealtimeMoveMade<JSONValue, JSONValue>.self),
        "ack": roundTrip(RealtimeAck.self),
        "player_joined": roundTrip(RealtimePresence.self),
        "player_left": roundTrip(RealtimePresence.self),
        "player_reconnected": roundTrip(RealtimePresence.self),
        "game_ended": roundTrip(RealtimeGameEnded.self),
        "chat_message": roundTrip(RealtimeChatMessage.self),
        "match_found": roundTrip(RealtimeMatchFound.self),
        "invitation": roundTrip(RealtimeInvitation.self),
        "error": roundTrip(RealtimeError.self),
        "pong": roundTrip(RealtimePong.self),
        "draft_subscribe": roundTrip(RealtimeDraftSubscribe.self),
        "draft_unsubscribe": roundTrip(RealtimeDraftUnsubscribe.self),
        "leave_game": roundTrip(RealtimeLeaveGame.self),
        "request_rematch": roundTrip(RealtimeRequestRematch.self),
        "draft_state": roundTrip(RealtimeDraftState<JSONValue, JSONValue>.self),
        "draft_event": roundTrip(RealtimeDraftEvent<JSONValue>.self),
        "friend_presence": roundTrip(RealtimeFriendPresence.self),
        "friends_changed": roundTrip(RealtimeFriendsChanged.self),
        "achievement_unlocked": roundTrip(RealtimeAchievementUnlocked.self),
        "sync_changed": roundTrip(RealtimeSyncChanged.self),
    ]

    static func roundTrip<Message: Codable & SendableMetatype>(_ type: Message.Type) -> @Sendable (Data) throws -> Data {
        { data in try JSONEncoder().encode(try JSONDecoder().decode(Message.self, from: data)) }
    }

    @Test func theDocumentHasExactlyTheMessagesOfTheSwiftTypes() {
        #expect(document.channelMessages == Self.clientTypes.union(Self.serverTypes))
        #expect(document.operationMessages("clientMessages") == Self.clientTypes)
        #expect(document.operationMessages("serverMessages") == Self.serverTypes)
        #expect(Set(Self.swiftTypes.keys) == Self.clientTypes.union(Self.serverTypes))
    }

    @Test(arguments: RealtimeClientMessageType.allCases.map(\.rawValue) + RealtimeServerMessageType.allCases.map(\.rawValue))
    func everyExampleConformsAndRoundTripsThroughItsSwiftType(_ message: String) throws {
        let examples = document.examples(of: message)
        #expect(!examples.isEmpty, "\(message) has no example")
        let roundTrip = try #require(Self.swiftTypes[message])
        for example in examples {
            #expect(document.problems(example, as: message) == [])
            #expect(example["type"] == .string(message))
            let back = try JSONDecoder().decode(JSONValue.self, from: try roundTrip(try example.json))
            #expect(back == example, "\(message): the Swift type changed \(example) into \(back)")
        }
    }

    @Test(arguments: RealtimeClientMessageType.allCases.map(\.rawValue))
    func theServerParsesEveryClientExampleIntoItsCommand(_ message: String) throws {
        for example in document.examples(of: message) {
            let parsed = try JSONDecoder().decode(InboundMessage.self, from: try example.json).parsed
            guard case .command(let command) = parsed else {
                Issue.record("\(message): \(example) parsed as \(parsed)")
                continue
            }
            #expect(command.type == message)
        }
    }

    /// The checker refuses what the schemas refuse; without this, a checker that passes
    /// everything would pass every test above.
    @Test func theCheckerRefusesWhatTheSchemasRefuse() throws {
        let ack = #"{"type":"ack","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"m","seq":3,"repeated":false}"#
        #expect(document.problems(try .parse(ack), as: "ack") == [])
        let wrong = [
            #"{"type":"ack","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"m","seq":3}"#: "no repeated",
            #"{"type":"ack","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"m","seq":3,"repeated":false,"x":1}"#: "x is not",
            #"{"type":"ack","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"m","seq":3.5,"repeated":false}"#: "integer",
            #"{"type":"ack","game":"not-a-game","move_id":"m","seq":3,"repeated":false}"#: "UUID",
            #"{"type":"ack","game":"6F1C3A52-8D0E-4C1B-9A57-2F4E0B7D9C11","move_id":"m","seq":3,"repeated":false}"#: "pattern",
            #"{"type":"ack","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"","seq":3,"repeated":false}"#: "shorter",
            #"{"type":"pong","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","move_id":"m","seq":3,"repeated":false}"#: "pong",
        ]
        for (text, problem) in wrong {
            let found = document.problems(try .parse(text), as: "ack")
            #expect(found.contains { $0.contains(problem) }, "\(text): \(found)")
        }
        let seat = #"{"type":"state","game":"6f1c3a52-8d0e-4c1b-9a57-2f4e0b7d9c11","game_id":"q","seq":1,"status":"active","seats":[{"seat":-1,"user":"u","name":"n"}],"missed":[]}"#
        #expect(document.problems(try .parse(seat), as: "state").contains { $0.contains("seats[0].seat") })
        #expect(document.problems(try .parse(#"{"type":"state"}"#), as: "state").count == 6)
    }
}

extension RealtimeCommand {
    /// The message type the command came from.
    var type: String {
        switch self {
        case .authenticate: "authenticate"
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .move: "move"
        case .resign: "resign"
        case .chat: "chat"
        case .ping: "ping"
        case .draftSubscribe: "draft_subscribe"
        case .draftUnsubscribe: "draft_unsubscribe"
        case .leaveGame: "leave_game"
        case .requestRematch: "request_rematch"
        }
    }
}
