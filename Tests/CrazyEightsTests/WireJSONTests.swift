import Foundation
import GameCore
import Testing

@testable import CrazyEights

/// Every value a Crazy Eights game puts on the wire survives the contract's snake_case JSON
/// (``GameJSON``) unchanged: views of every seat through a whole match, its actions, settings and
/// record.
@Suite struct WireJSONTests {
    @Test(arguments: [CrazyEightsSettings.classic, .party])
    func everyValueRoundTripsThroughSnakeCaseJSON(settings: CrazyEightsSettings) throws {
        let encoder = GameJSON.encoder()
        let decoder = GameJSON.decoder()
        func roundTrip<T: Codable & Equatable>(_ value: T) throws {
            let json = try encoder.encode(value)
            #expect(try decoder.decode(T.self, from: json) == value, "\(String(decoding: json, as: UTF8.self))")
        }
        let (record, _) = try playMatch(players: 3, settings: settings, seed: 11, bots: [RandomBot()]) { state, action, _ in
            for viewer in [Viewer.player(seat: 0), .player(seat: 1), .player(seat: 2), .spectator] {
                try roundTrip(CrazyEights.view(of: state, for: viewer))
            }
            try roundTrip(action.action)
        }
        try roundTrip(settings)
        let json = try encoder.encode(record)
        let text = String(decoding: json, as: UTF8.self)
        #expect(!text.contains("engineVersion") && text.contains("engine_version"))
        #expect(try decoder.decode(GameRecord<CrazyEights>.self, from: json).actions.count == record.actions.count)
        // Stored before the convention: camelCase still reads.
        #expect(try decoder.decode(CrazyEightsSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }
}
