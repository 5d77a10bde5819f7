import Foundation
import GameCore
import Testing

@testable import CrazyEights

@Suite struct ActionTests {
    @Test func notationRoundTrips() throws {
        let actions: [CrazyEightsAction] = [
            .play(try card("7H")), .play(try card("10S")), .play(try card("8S"), namedSuit: .hearts), .draw, .pass,
        ]
        #expect(actions.map(\.notation) == ["play 7H", "play 10S", "play 8S hearts", "draw", "pass"])
        for action in actions {
            #expect(try CrazyEightsAction(notation: action.notation) == action)
        }
        let json = try JSONEncoder().encode(actions)
        #expect(String(decoding: json, as: UTF8.self) == #"["play 7H","play 10S","play 8S hearts","draw","pass"]"#)
        #expect(try JSONDecoder().decode([CrazyEightsAction].self, from: json) == actions)
    }

    @Test(arguments: [
        ("", "is not a Crazy Eights action"), ("Draw", "is not a Crazy Eights action"),
        ("draw 2", "is not a Crazy Eights action"), ("play", "is not a Crazy Eights action"),
        ("play  7H", "is not a card"), ("play 7h", "is not a card"), ("play 8S hearts now", "is not a Crazy Eights action"),
        ("play 8S H", "is not a suit"), ("play 8S Hearts", "is not a suit"), ("pass ", "is not a Crazy Eights action"),
        ("d4r2", "is not a Crazy Eights action"),
    ])
    func badActionStringsFailToDecodeWithAReason(text: String, reason: String) throws {
        #expect(throws: GameError.self) { try CrazyEightsAction(notation: text) }
        do {
            _ = try JSONDecoder().decode([CrazyEightsAction].self, from: JSONEncoder().encode([text]))
            Issue.record("\"\(text)\" decoded as an action")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(reason), "\(context.debugDescription)")
        }
    }

    @Test func aRecordWithABadActionIsACorruptedPayload() throws {
        let json = #"{"game_type":"crazy-eights","engine_version":1,"settings":{"preset":"classic"},"seed":"1","seats":[{"id":"a","name":"A"},{"id":"b","name":"B"}],"actions":[{"seat":0,"action":"play 8Z"}]}"#
        #expect(throws: GameError.corruptedPayload("bad value at actions[0].action: \"8Z\" is not a card; write a rank (A, 2–10, J, Q, K) and a suit (C, D, H, S), like 8H, 10S or QD")) {
            try CrazyEights.decodeRecord(Data(json.utf8))
        }
    }
}
