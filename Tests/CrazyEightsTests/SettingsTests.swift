import Foundation
import GameCore
import Testing

@testable import CrazyEights

@Suite struct SettingsTests {
    @Test func presetsSetTheSwitches() {
        let classic = CrazyEightsSettings.classic
        #expect(!classic.queenSkips && !classic.aceReverses && !classic.twoDrawsTwo)
        let party = CrazyEightsSettings.party
        #expect(party.queenSkips && party.aceReverses && party.twoDrawsTwo)
        for settings in [classic, party] {
            #expect(settings.drawRule == .untilPlayable)
            #expect(settings.maxDrawsPerTurn == nil)
            #expect(settings.reshuffleDiscard)
            #expect(settings.handSize == nil)
            #expect(settings.targetScore == 100)
            #expect(settings.settingsVersion == CrazyEightsSettings.currentVersion)
        }
        #expect(CrazyEights.defaultSettings(playerCount: 4) == .classic)
    }

    @Test func aSnapshotWithOnlyThePresetTakesThePresetsSwitches() throws {
        let decode = { (json: String) in try JSONDecoder().decode(CrazyEightsSettings.self, from: Data(json.utf8)) }
        #expect(try decode(#"{"preset":"party"}"#) == .party)
        #expect(try decode(#"{"settings_version":1,"preset":"classic"}"#) == .classic)
        #expect(try decode("{}") == .classic)
        let changed = try decode(#"{"preset":"party","queen_skips":false,"max_draws_per_turn":3,"future_switch":true}"#)
        #expect(changed == settings(.party) { $0.queenSkips = false; $0.maxDrawsPerTurn = 3 })
        #expect(try decode(#"{"preset":"classic","hand_size":null}"#).handSize == nil)
        #expect(throws: DecodingError.self) { try decode(#"{"preset":"wild"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"draw_rule":"forever"}"#) }
    }

    @Test func everySwitchRoundTripsAndUnsetLimitsAreWrittenAsNull() throws {
        let custom = settings(.party) {
            $0.drawRule = .oneThenPass
            $0.maxDrawsPerTurn = 2
            $0.reshuffleDiscard = false
            $0.handSize = 6
            $0.targetScore = 250
        }
        for value in [custom, .classic, .party] {
            #expect(try JSONDecoder().decode(CrazyEightsSettings.self, from: JSONEncoder().encode(value)) == value)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(CrazyEightsSettings.classic), as: UTF8.self)
        #expect(json.contains(#""hand_size":null"#) && json.contains(#""max_draws_per_turn":null"#))
    }

    @Test(arguments: [
        (2, settings { $0.handSize = 0 }, "handSize must be at least 1"),
        (2, settings { $0.handSize = 26 }, "handSize 26 is too large for 2 players"),
        (5, settings { $0.handSize = 11 }, "handSize 11 is too large for 5 players"),
        (8, settings { $0.handSize = 13 }, "handSize 13 is too large for 8 players"),
        (2, settings { $0.maxDrawsPerTurn = 0 }, "maxDrawsPerTurn must be at least 1"),
        (2, settings { $0.targetScore = 0 }, "targetScore must be at least 1"),
        (1, CrazyEightsSettings.classic, "Crazy Eights is for 2 to 8 players, not 1"),
        (9, CrazyEightsSettings.classic, "Crazy Eights is for 2 to 8 players, not 9"),
    ] as [(Int, CrazyEightsSettings, String)])
    func badSettingsAreRefusedNamingTheField(players: Int, settings: CrazyEightsSettings, message: String) {
        do {
            _ = try CrazyEights.initialState(players: GamePlayer.seats(players), settings: settings, seed: 1)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidAction)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func theLargestHandSizesThatLeaveAStockAndAStarterAreAccepted() throws {
        for (players, size) in [(2, 25), (5, 10), (6, 17), (8, 12)] {
            let state = try CrazyEights.initialState(
                players: GamePlayer.seats(players), settings: settings { $0.handSize = size }, seed: 3)
            #expect(state.hands.allSatisfy { $0.count == size })
            #expect(state.stock.count >= 1)
            #expect(state.discard.count == 1)
        }
    }

    @Test func anotherSettingsVersionIsAVersionMismatch() {
        var future = CrazyEightsSettings.classic
        future.settingsVersion = 2
        #expect(throws: GameError.self) {
            try CrazyEights.initialState(players: GamePlayer.seats(2), settings: future, seed: 1)
        }
        do {
            _ = try CrazyEights.initialState(players: GamePlayer.seats(2), settings: future, seed: 1)
        } catch {
            #expect(error.code == .versionMismatch)
        }
    }

    @Test func catalogueAndPolicy() {
        #expect(CrazyEights.gameType == "crazy-eights")
        #expect(CrazyEights.engineVersion == 1)
        #expect(CrazyEights.catalogEntry.displayName == "Crazy Eights")
        #expect(CrazyEights.catalogEntry.minPlayers == 2 && CrazyEights.catalogEntry.maxPlayers == 8)
        #expect(CrazyEights.catalogEntry.difficulty == .easy)
        #expect(CrazyEights.policy == GamePolicy(minPlayers: 2, maxPlayers: 8, isTurnBased: true, allowsRejoin: true, supportsSpectators: true))
        #expect(GameRegistry([CrazyEights.self]).catalogue == [CrazyEights.catalogEntry])
    }
}
