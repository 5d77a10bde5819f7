import Foundation
import GameCore
import ParlorAPI
@testable import ParlorRealtime
import Testing

/// One pass over an inbound frame: the type, the fields, and a move's action through the game
/// service's decoder when it holds the game.
struct InboundMessageTests {
    let game = UUID()

    func parse(_ json: String, holding held: UUID? = nil) throws -> InboundMessage.Parsed {
        let decoder = JSONDecoder()
        decoder.userInfo[ActionDecoding.key] = ActionDecoding { game, at in
            guard game == held else { return nil }
            return (try? String(from: at)).map { .decoded(DecodedAction(value: "typed:" + $0)) } ?? .undecodable(.invalidAction("not a string"))
        }
        return try decoder.decode(InboundMessage.self, from: Data(json.utf8)).parsed
    }

    @Test func aMoveOfAHeldGameCarriesItsActionInTheGamesType() throws {
        guard case .command(.move(let move)) = try parse(#"{"type":"move","game":"\#(game)","move_id":"m-1","action":"d4r2","seq":4}"#, holding: game),
            case .decoded(let action) = move.action
        else { Issue.record("expected a decoded move"); return }
        #expect(move.game == game && move.moveID == "m-1" && move.seq == 4)
        #expect(action.value as? String == "typed:d4r2")
    }

    @Test func aMoveOfAnotherGameKeepsItsActionAsJSON() throws {
        guard case .command(.move(let move)) = try parse(#"{"type":"move","game":"\#(game)","move_id":"m-1","action":{"cell":"d4"}}"#),
            case .json(let data) = move.action
        else { Issue.record("expected the action as JSON"); return }
        #expect(try JSONDecoder().decode([String: String].self, from: data) == ["cell": "d4"])
        #expect(move.seq == nil)
    }

    @Test func anActionTheGameRefusesIsCarriedToTheGameNotDropped() throws {
        guard case .command(.move(let move)) = try parse(#"{"type":"move","game":"\#(game)","move_id":"m-1","action":7}"#, holding: game),
            case .undecodable = move.action
        else { Issue.record("expected an undecodable action"); return }
    }

    @Test func missingFieldsUnknownTypesAndNonObjectsAreToldApart() throws {
        guard case .malformed(.move, let malformedGame) = try parse(#"{"type":"move","game":"\#(game)","action":1}"#) else {
            Issue.record("a move without move_id is malformed"); return
        }
        #expect(malformedGame == game)
        guard case .malformed(.subscribe, nil) = try parse(#"{"type":"subscribe","game":"nope"}"#) else {
            Issue.record("a subscribe with a bad game id is malformed"); return
        }
        guard case .unknownType("dance") = try parse(#"{"type":"dance"}"#) else { Issue.record("an unknown type is named"); return }
        guard case .command(.ping(nil)) = try parse(#"{"type":"ping"}"#) else { Issue.record("a ping needs no id"); return }
        #expect(throws: (any Error).self) { try parse("[1,2]") }
        #expect(throws: (any Error).self) { try parse(#"{"type":3}"#) }
    }
}
