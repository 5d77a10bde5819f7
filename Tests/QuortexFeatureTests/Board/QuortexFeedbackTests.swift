import AppFoundation
import Foundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature

/// The sounds and haptics the table asks the view to play, as the player's settings allow.
@MainActor
@Suite struct QuortexFeedbackTests {
    @Test func placingSoundsAtOnceAndTheBotsReplyBringsTheTurnBack() async throws {
        let table = try await BotTableForTests(seed: 7)
        let model = table.model
        #expect(model.feedback == nil, "nothing has happened yet")
        model.jumpToLegal(forward: true)
        await model.place()
        let placed = try #require(model.feedback)
        #expect(placed.event == .placed && placed.sound == .place && placed.haptic == .impact)
        await table.settle()
        let next = try #require(model.feedback)
        #expect(next.sequence > placed.sequence)
        #expect(next.event == .yourTurn || next.event == .flowCompleted || next.event == .lost)
    }

    @Test func theSettingsDecideWhatIsPlayed() async throws {
        let state = try QuortexTableModelTests.state(seed: 3)
        let endpoint = ScriptedTableEndpoint(QuortexTableModelTests.snapshot(state, seat: state.currentSeat), refusal: .invalidAction("no"))
        let model = QuortexTableModel(endpoint: endpoint)
        await model.refresh()
        model.feedbackEnabled = false
        model.hapticsEnabled = false
        await model.place()
        #expect(model.feedback == nil, "both off: nothing to play")
        model.hapticsEnabled = true
        await model.place()
        let hapticOnly = try #require(model.feedback)
        #expect(hapticOnly.event == .refused && hapticOnly.sound == nil && hapticOnly.haptic == .error)
        model.feedbackEnabled = true
        model.hapticsEnabled = false
        await model.place()
        let soundOnly = try #require(model.feedback)
        #expect(soundOnly.sound == .refuse && soundOnly.haptic == nil && soundOnly.sequence > hapticOnly.sequence)
        #expect(model.table.message == "Not allowed: no")
    }

    @Test func eachEventHasItsSoundAndHaptic() {
        let expected: [QuortexFeedback.Event: (QuortexFeedback.Sound, QuortexFeedback.Haptic)] = [
            .placed: (.place, .impact), .refused: (.refuse, .error), .yourTurn: (.turn, .warning), .won: (.fanfare, .success),
            .lost: (.defeat, .warning), .flowCompleted: (.flow, .impact),
        ]
        for event in QuortexFeedback.Event.allCases {
            let feedback = QuortexFeedback(event: event, soundEnabled: true, hapticsEnabled: true, sequence: 1)
            #expect(feedback?.sound == expected[event]?.0 && feedback?.haptic == expected[event]?.1, "\(event)")
        }
        #expect(QuortexFeedback(event: .won, soundEnabled: false, hapticsEnabled: false, sequence: 1) == nil)
    }

    @Test func theEndIsWonOrLostForTheViewerAndNothingForASpectator() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 11)
        var random = GameRandom(seed: GameSeed(2))
        var previous = state
        while state.outcome == nil {
            previous = state
            let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random))
            state = try Quortex.reduce(state, .place(move), by: state.currentSeat)
        }
        let winners = try #require(state.outcome?.winners)
        for seat in 0..<2 {
            let event = QuortexFeedback.event(
                from: Quortex.view(of: previous, for: .player(seat: seat)), to: Quortex.view(of: state, for: .player(seat: seat)))
            #expect(event == (winners.contains(seat) ? .won : .lost))
        }
        #expect(QuortexFeedback.event(from: Quortex.view(of: previous, for: .spectator), to: Quortex.view(of: state, for: .spectator)) == nil)
    }

    @Test func aFlowReachingASideIsFeltAndATurnComingRoundToo() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 4)
        var random = GameRandom(seed: GameSeed(6))
        var sawFlow = false
        var sawTurn = false
        while state.outcome == nil {
            let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random))
            let next = try Quortex.reduce(state, .place(move), by: state.currentSeat)
            guard next.outcome == nil else { break }
            let before = Quortex.view(of: state, for: .player(seat: 0))
            let after = Quortex.view(of: next, for: .player(seat: 0))
            let closed = { (view: QuortexView) in view.flows.filter { $0.exitSide != nil }.count }
            let event = QuortexFeedback.event(from: before, to: after)
            if closed(after) > closed(before) {
                #expect(event == .flowCompleted)
                sawFlow = true
            } else if next.currentSeat == 0 {
                #expect(event == .yourTurn)
                sawTurn = true
            } else {
                #expect(event == nil)
            }
            state = next
        }
        #expect(sawFlow && sawTurn)
    }
}
