import BestBall
import Foundation
import Testing

@Suite("Best ball scoring")
struct ScoringTests {
    @Test("half-PPR points from a stat line, by hand")
    func statLine() {
        // 6 catches (3), 85 receiving yards (8.5), 12 rushing yards (1.2), 1 receiving TD (6), 1 fumble lost (−2).
        let receiver = StatLine(receptions: 6, rushingYards: 12, receivingYards: 85, receivingTouchdowns: 1, fumblesLost: 1)
        #expect(receiver.points == Points(hundredths: 1670))
        // 287 passing yards (11.48), 2 passing TDs (8), 1 interception (−1), 1 two-point (2), 1 rushing TD (6).
        let passer = StatLine(rushingTouchdowns: 1, passingYards: 287, passingTouchdowns: 2, interceptions: 1, twoPointConversions: 1)
        #expect(passer.points == Points(hundredths: 2648))
        #expect(passer.points.description == "26.48")
    }

    @Test("points parse exactly and refuse what is not a number with at most two decimals")
    func parsing() throws {
        #expect(Points("12.34") == Points(hundredths: 1234))
        #expect(Points("-2") == Points(hundredths: -200))
        #expect(Points("0.5") == Points(hundredths: 50))
        #expect(Points(" 7.1 ") == Points(hundredths: 710))
        for bad in ["", "x", "1.234", "1.", ".5", "1e3", "--1", "9999999"] { #expect(Points(bad) == nil, "\(bad)") }
        let decoded = try JSONDecoder().decode([Points].self, from: Data("[12.3, 0.07]".utf8))
        #expect(decoded == [Points(hundredths: 1230), Points(hundredths: 7)])
        #expect(String(decoding: try JSONEncoder().encode(Points(hundredths: 1230)), as: UTF8.self) == "12.3")
    }

    @Test("the lineup takes the best QB, 2 RB, 3 WR, TE and the best one left for FLEX")
    func lineup() {
        let roster: [(id: String, position: Position)] = [
            ("qb1", .qb), ("qb2", .qb), ("rb1", .rb), ("rb2", .rb), ("rb3", .rb), ("wr1", .wr), ("wr2", .wr), ("wr3", .wr), ("wr4", .wr),
            ("te1", .te), ("te2", .te),
        ]
        let points: [String: Points] = [
            "qb1": Points(hundredths: 1800), "qb2": Points(hundredths: 2500), "rb1": Points(hundredths: 900), "rb2": Points(hundredths: 1500),
            "rb3": Points(hundredths: 1200), "wr1": Points(hundredths: 300), "wr2": Points(hundredths: 2000), "wr3": Points(hundredths: 1100),
            "wr4": Points(hundredths: 1000), "te1": Points(hundredths: 800), "te2": Points(hundredths: 1300),
        ]
        let lineup = BestBallLineup(roster: roster, points: points)
        // QB 25 + RB 15, 12 + WR 20, 11, 10 + TE 13 + FLEX max(rb1 9, wr1 3, te1 8) = 9 → 115.
        #expect(lineup.total == Points(hundredths: 11_500))
        #expect(lineup.starters.map(\.playerID) == ["qb2", "rb2", "rb3", "wr2", "wr3", "wr4", "te2", "rb1"])
        #expect(lineup.starters.last?.slot == .flex)
        // A bye week (no points) scores zero, and a short roster leaves slots empty.
        #expect(BestBallLineup(roster: [("qb1", .qb)], points: [:]).total == .zero)
    }
}
