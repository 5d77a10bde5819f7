import Foundation
import GameCore
import Testing

@testable import CrazyEights

@Suite struct CardTests {
    @Test func cardsTravelAsShortNotation() throws {
        let hand = [Card(.eight, .hearts), Card(.ten, .spades), Card(.queen, .diamonds), Card(.ace, .clubs)]
        let json = String(decoding: try JSONEncoder().encode(hand), as: UTF8.self)
        #expect(json == #"["8H","10S","QD","AC"]"#)
        #expect(try JSONDecoder().decode([Card].self, from: Data(json.utf8)) == hand)
        for card in Deck.standard {
            #expect(try Card(notation: card.notation) == card)
        }
    }

    @Test(arguments: ["", "8", "H", "8h", "1H", "11S", "TS", "0D", "8X", "AH ", " 2C", "10", "KK", "8♥"])
    func badCardStringsAreRefusedClearly(text: String) throws {
        #expect(throws: GameError.self) { try Card(notation: text) }
        let json = Data(try JSONEncoder().encode([text]))
        do {
            _ = try JSONDecoder().decode([Card].self, from: json)
            Issue.record("\"\(text)\" decoded as a card")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("is not a card"))
        }
    }

    @Test func cardNamesReadAsEnglish() throws {
        #expect(try card("9S").name == "the 9 of spades")
        #expect(try card("QH").name == "the queen of hearts")
        #expect(try card("AC").name == "the ace of clubs")
    }

    @Test func pointValues() throws {
        #expect(try cards("8C 8D").points == 100)
        #expect(try cards("KS QS JS").points == 30)
        #expect(try card("AD").points == 1)
        #expect(try cards("2H 3H 4H 5H 6H 7H 9H 10H").points == 46)
        #expect(Deck.standard.points == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 50 + 9 + 10 + 30))
    }

    @Test func oneDeckUpToFivePlayersTwoFromSix() {
        for players in 2...8 {
            let deck = Deck.cards(players: players)
            let copies = players >= 6 ? 2 : 1
            #expect(deck.count == 52 * copies)
            #expect(counts(deck).values.allSatisfy { $0 == copies })
            #expect(Set(deck).count == 52)
        }
    }

    @Test func handsSortBySuitThenRank() throws {
        #expect(try cards("KS 2C 8H AC 10D").sorted().map(\.notation) == ["AC", "2C", "10D", "8H", "KS"])
    }
}
