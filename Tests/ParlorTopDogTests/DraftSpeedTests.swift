import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing

/// The clock each draft speed gives a pick, as the seed's `DraftSpeed` has it.
@Suite struct DraftSpeedTests {
    @Test func eachSpeedGivesItsClock() async throws {
        try await withTopDogServer { server in
            for (speed, seconds) in [("fast", 30), ("slow", 12 * 3600)] {
                let id = try await server.tournament(extra: #","speed":"\#(speed)""#)
                let read = try await server.call(.get, "/topdog/tournaments/\(id)", as: try await server.guest())
                #expect(read.status == 200)
                #expect(read.json["pick_seconds"] as? Int == seconds, "\(speed): \(read.json["pick_seconds"] ?? "none")")
            }
        }
    }
}
