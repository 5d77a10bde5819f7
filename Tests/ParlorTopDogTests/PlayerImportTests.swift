import BestBall
@testable import ParlorTopDog
import Testing

/// Reading the player pool and weekly points from CSV: every problem named by line and field.
struct PlayerImportTests {
    static let header = "id,first_name,last_name,position,team,bye_week,adp,projected_points,rank"

    @Test("a good file reads, quoted fields and CRLF included")
    func goodFile() throws {
        let csv = "\(Self.header)\r\np1,\"Ja'Marr\",\"Chase, Jr.\",wr,CIN,10,1.2,317.5,1\r\np2,Bijan,Robinson,RB,ATL,12,2,300,2\r\n"
        let players = try PlayerImport.players(csv: csv)
        #expect(players.map(\.id) == ["p1", "p2"])
        #expect(players[0].lastName == "Chase, Jr." && players[0].position == .wr && players[0].adp == 1.2)
    }

    @Test("every bad field is named with its line, and nothing is returned")
    func badRows() {
        let csv = """
            \(Self.header)
            p1,A,B,K,CIN,10,1.2,300,1
            p2,A,B,QB,CIN,19,x,300,2
            p1,A,B,QB,CIN,5,3,300,3
            ,A,B,QB,CIN,5,3,300,4
            """
        #expect {
            _ = try PlayerImport.players(csv: csv)
        } throws: { error in
            let problems = (error as? ImportFailure)?.problems.map { "\($0.line):\($0.field)" } ?? []
            return problems == ["2:position", "3:bye_week", "3:adp", "4:id", "5:id"]
        }
    }

    @Test("a file with the wrong shape says so")
    func badShape() {
        for (csv, expected) in [("", "1:file"), ("id,first_name\np1,A", "1:last_name"), ("\(Self.header)\np1,A", "2:file"), ("\(Self.header)\n\"p1,A", "2:file")] {
            #expect {
                _ = try PlayerImport.players(csv: csv)
            } throws: { error in
                ((error as? ImportFailure)?.problems.map { "\($0.line):\($0.field)" }.first) == expected
            }
        }
    }

    @Test("weekly points read as points or stat lines scored half-PPR; unknown players are named")
    func weeklyPoints() throws {
        let points = try PlayerImport.weeklyPoints(csv: "week,player_id,points\n1,p1,12.5\n2,p1,-1", knownPlayers: ["p1"])
        #expect(points.map(\.points) == [Points(hundredths: 1250), Points(hundredths: -100)])
        let stats = try PlayerImport.weeklyPoints(csv: "week,player_id,receptions,receiving_yards,receiving_touchdowns\n3,p1,5,80,1", knownPlayers: ["p1"])
        #expect(stats.first?.points == Points(hundredths: 1650))
        #expect(stats.first?.stats?.receptions == 5)
        #expect {
            _ = try PlayerImport.weeklyPoints(csv: "week,player_id,points\n1,nobody,3\n19,p1,2\n1,p1,1.234", knownPlayers: ["p1"])
        } throws: { error in
            ((error as? ImportFailure)?.problems.map { "\($0.line):\($0.field)" }) == ["2:player_id", "3:week", "4:points"]
        }
        #expect(throws: ImportFailure.self) { _ = try PlayerImport.weeklyPoints(csv: "week,player_id\n1,p1", knownPlayers: ["p1"]) }
    }
}
