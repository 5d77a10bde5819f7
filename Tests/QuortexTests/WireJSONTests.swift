import Foundation
import GameCore
import Testing

@testable import Quortex

/// Every value a Quortex game puts on the wire has snake_case keys and survives the contract's
/// JSON (``GameJSON``) unchanged: views of every seat and spectators through whole games, their
/// actions, settings and records.
@Suite struct WireJSONTests {
    @Test(arguments: [2, 3, 6])
    func everyValueRoundTripsThroughSnakeCaseJSON(players: Int) throws {
        let encoder = GameJSON.encoder()
        let decoder = GameJSON.decoder()
        var keys: Set<String> = []
        func roundTrip<T: Codable & Equatable>(_ value: T) throws {
            let json = try encoder.encode(value)
            keys.formUnion(try GameJSON.keysBreakingConvention(in: json))
            #expect(try decoder.decode(T.self, from: json) == value)
        }
        let record = try randomGame(players: players, seed: UInt64(players)) { state, action in
            for seat in [nil] + Array(0..<players) {
                try roundTrip(Quortex.view(of: state, for: seat.map { .player(seat: $0) } ?? .spectator))
            }
            if let action { try roundTrip(action) }
        }
        try roundTrip(record.settings)
        let json = try encoder.encode(record)
        keys.formUnion(try GameJSON.keysBreakingConvention(in: json))
        #expect(try decoder.decode(GameRecord<Quortex>.self, from: json) == record)
        #expect(keys.isEmpty, "camelCase keys: \(keys.sorted())")
    }

    @Test func theMoversLegalPlacementsAreListedInMoveNotation() throws {
        var states: [QuortexState] = []
        try randomGame(players: 2, seed: 5).replay { states.append($0) }
        let state = states[min(6, states.count - 1)]
        let json = try GameJSON.encoder().encode(Quortex.view(of: state, for: .player(seat: state.currentSeat)))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let listed = try #require(object["legal_placements"] as? [String])
        #expect(!listed.isEmpty)
        #expect(listed == state.position.legalPlacements.map(\.notation))
        for notation in listed { #expect(try QuortexAction(notation: notation) == .place(#require(Placement(notation: notation)))) }
    }
}
