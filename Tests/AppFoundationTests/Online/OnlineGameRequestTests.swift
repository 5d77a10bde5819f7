import AppFoundation
import Testing

/// A new game's request: the mode, the turn time and what the form says of them.
@Suite struct OnlineGameRequestTests {
    @Test func turnBasedWithTheServersTurnTimeUnlessAsked() {
        let request = OnlineGameRequest(gameType: "quortex", players: 2)
        #expect(request.mode == .turnBased)
        #expect(request.turnSeconds == nil)
        #expect(request.problems(allowedPlayers: 2...6).isEmpty)
        #expect(OnlineGameMode.realTime.rawValue == "realtime")
        #expect(OnlineGameMode.turnBased.rawValue == "turn_based")
        #expect(OnlineGameMode.realTime.defaultTurnSeconds == 60)
    }

    @Test func playersAndTurnTimeOutsideTheServersLimitsAreSaid() {
        #expect(OnlineGameRequest(gameType: "quortex", players: 7).problems(allowedPlayers: 2...6) == ["Players must be 2 to 6."])
        #expect(
            OnlineGameRequest(gameType: "quortex", players: 1, mode: .realTime, turnSeconds: 4).problems(allowedPlayers: 2...6) == [
                "Players must be 2 to 6.", "The turn time must be between 5 seconds and 14 days.",
            ])
        #expect(OnlineGameRequest(gameType: "quortex", players: 2, turnSeconds: 1_209_601).problems(allowedPlayers: 2...6).count == 1)
        #expect(OnlineGameRequest(gameType: "quortex", players: 2, turnSeconds: 1_209_600).problems(allowedPlayers: 2...6).isEmpty)
    }

    @Test func whoseTurnAndTheOpponentsAreRead() {
        let game = OnlineGameSummary(
            id: "g", status: .active, players: 3, joined: 3, seatNames: [0: "Ann", 1: "Me", 2: "Bo"], yourSeat: 1, currentSeats: [1])
        #expect(game.isYourTurn)
        #expect(game.opponentNames == ["Ann", "Bo"])
        var over = game
        over.status = .completed
        #expect(!over.isYourTurn)
    }
}
