import Foundation
import GameCore
import Testing

@testable import CrazyEights

/// The public round log: what goes in, what never does, and how it travels.
@Suite struct RoundLogTests {
    func log(_ state: CrazyEightsState) -> [String] { state.roundLog.map(\.notation) }

    @Test func playsDrawsAndPassesAreLoggedWithoutTheDrawnCards() throws {
        var scenario = Scenario("4D 7S", "2C")
        scenario.stock = "5S 3C"
        let state = try scenario.state().playing("play 7S", "draw", "draw")
        // Both draws of seat 1's turn are one event: it could follow neither spades nor 7.
        #expect(log(state) == ["0 play 7S", "1 draw 2 spades 7"])
        #expect(log(try state.playing("play 5S")) == ["0 play 7S", "1 draw 2 spades 7", "1 play 5S"])
        let json = String(decoding: try JSONEncoder().encode(CrazyEights.view(of: state, for: .player(seat: 0))), as: UTF8.self)
        #expect(json.contains(#""round_log":["0 play 7S","1 draw 2 spades 7"]"#))
        #expect(!json.contains("3C") && !json.contains("5S"))

        var blocked = Scenario("4D", "2C", settings: settings { $0.reshuffleDiscard = false })
        blocked.stock = ""
        #expect(log(try blocked.state().playing("pass")) == ["0 pass"])
    }

    @Test func anEightLogsTheSuitItNamesAndAPenaltyImpliesNothing() throws {
        let eight = try Scenario("8D 4C", "2C").state().playing("play 8D hearts")
        #expect(eight.roundLog == [.played(seat: 0, card: try card("8D"), namedSuit: .hearts)])
        var party = Scenario("2S 4D", "5H KH", settings: .party)
        party.stock = "3C 4C 5C"
        let penalty = try party.state().playing("play 2S", "draw", "draw")
        #expect(log(penalty) == ["0 play 2S", "1 penalty 2", "0 draw 1 spades 2"])
        let reading = TableReading(CrazyEights.view(of: penalty, for: .player(seat: 1)))
        #expect(reading.voidSuits[1].isEmpty && !reading.noEights[1])
        #expect(reading.voidSuits[0] == [.spades] && reading.noEights[0])
    }

    @Test func aNewRoundStartsAnEmptyLog() throws {
        let state = try Scenario("7S", "2C 3C").state().playing("play 7S")
        #expect(state.round == 2 && !state.isOver)
        #expect(state.roundLog.isEmpty)
        #expect(CrazyEights.view(of: state, for: .spectator).roundLog.isEmpty)
    }

    @Test func theLogKeepsOnlyItsLatestEvents() {
        let limit = RoundLog.limit(players: 2)
        #expect(limit == 104 && RoundLog.limit(players: 6) == 208)
        var log: [PublicEvent] = []
        for seat in 0..<(limit + 5) { RoundLog.append(.passed(seat: seat), to: &log, players: 2) }
        #expect(log.count == limit)
        #expect(log.first == .passed(seat: 5) && log.last == .passed(seat: limit + 4))
    }

    @Test func eventsRoundTripThroughTheirNotation() throws {
        let events: [PublicEvent] = [
            .played(seat: 1, card: try card("10H"), namedSuit: nil), .played(seat: 0, card: try card("8S"), namedSuit: .clubs),
            .drew(seat: 2, count: 3, suit: .hearts, rank: .queen), .drew(seat: 7, count: 1, suit: .spades, rank: nil),
            .tookPenalty(seat: 3, count: 4), .passed(seat: 0),
        ]
        #expect(events.map(\.notation) == ["1 play 10H", "0 play 8S clubs", "2 draw 3 hearts Q", "7 draw 1 spades", "3 penalty 4", "0 pass"])
        for event in events {
            #expect(try PublicEvent(notation: event.notation) == event)
            #expect(try JSONDecoder().decode(PublicEvent.self, from: JSONEncoder().encode(event)) == event)
        }
    }

    @Test func malformedEventsAreRefusedWithAReason() throws {
        let cases = [
            ("", "not a Crazy Eights event"), ("1 jump", "not a Crazy Eights event"), ("x pass", "not a seat"),
            ("-1 pass", "not a seat"), ("1 play 7X", "not a card"), ("1 play 8S red", "not a suit"),
            ("1 draw two hearts 9", "not a count"), ("1 draw 2 hearts Z", "not a rank"), ("1 pass now", "not a Crazy Eights event"),
        ]
        for (text, reason) in cases {
            #expect {
                try PublicEvent(notation: text)
            } throws: { error in
                (error as? GameError)?.message.contains(reason) == true
            }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([PublicEvent].self, from: Data(#"["1 fly"]"#.utf8)) }
    }

    @Test func aViewWithoutARoundLogDecodesWithAnEmptyOne() throws {
        let view = CrazyEights.view(of: try Scenario("4D 7S", "2C").state().playing("play 7S"), for: .player(seat: 1))
        #expect(!view.roundLog.isEmpty)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(view)) as? [String: Any])
        object["round_log"] = nil
        let old = try JSONDecoder().decode(CrazyEightsView.self, from: JSONSerialization.data(withJSONObject: object))
        var expected = view
        expected.roundLog = []
        #expect(old == expected)
        object["hand"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CrazyEightsView.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test func predictionAddsTheViewersPlayToTheLog() throws {
        let state = try Scenario("4D 7S 9S", "2C").state()
        let view = CrazyEights.view(of: state, for: .player(seat: 0))
        let predicted = try #require(CrazyEights.predict(view, .play(try card("7S")), by: 0))
        #expect(predicted.roundLog == CrazyEights.view(of: try state.playing("play 7S"), for: .player(seat: 0)).roundLog)
    }
}
