import AppFoundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature
import TestSupport

/// Which flow steps a move added, and the flows part-way along them.
@MainActor
@Suite struct QuortexFlowAnimationTests {
    static let canvas = Size(width: 400, height: 500)

    /// Two pictures of one game, before and after a move that made some flow longer.
    static func growingMove() throws -> (before: QuortexBoardPicture, after: QuortexBoardPicture) {
        var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 7)
        var random = GameRandom(seed: GameSeed(3))
        while state.outcome == nil {
            let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random))
            let next = try Quortex.reduce(state, .place(move), by: state.currentSeat)
            let steps = { (s: QuortexState) in s.flows.map(\.steps.count).reduce(0, +) }
            if state.placements >= 3, steps(next) > steps(state) {
                return (
                    QuortexBoardPicture(view: Quortex.view(of: state, for: .spectator), cursor: nil),
                    QuortexBoardPicture(view: Quortex.view(of: next, for: .spectator), cursor: nil)
                )
            }
            state = next
        }
        throw GameError.desync("no move made a flow longer")
    }

    @Test func theNewStepsAreWhatTheMoveAddedToEachFlow() throws {
        let (before, after) = try Self.growingMove()
        let animation = QuortexFlowAnimation(from: before, to: after)
        #expect(!animation.isEmpty)
        for growth in animation.growths {
            let flow = after.flows[growth.flow]
            #expect(growth.seat == flow.seat && growth.newSteps == growth.oldSteps..<flow.steps.count)
            let old = before.flows.first { $0.seat == flow.seat && $0.steps.first == flow.steps.first }
            #expect(growth.oldSteps == (old?.steps.count ?? 0))
            if let old { #expect(Array(flow.steps.prefix(old.steps.count)) == old.steps) }
        }
        // Flows that did not grow are not animated.
        let grown = Set(animation.growths.map(\.flow))
        for (index, flow) in after.flows.enumerated() where !grown.contains(index) {
            #expect(before.flows.contains(flow) || before.flows.contains { $0.steps == flow.steps })
        }
        #expect(QuortexFlowAnimation(from: nil, to: after).isEmpty, "a board first seen appears as it is")
        #expect(QuortexFlowAnimation(from: after, to: after).isEmpty)
    }

    @Test func progressRunsTheColourAlongTheNewStepsAtOneSpeed() throws {
        let (before, after) = try Self.growingMove()
        let animation = QuortexFlowAnimation(from: before, to: after)
        let drawing = QuortexBoardDrawing(picture: after, canvas: Self.canvas, theme: .standard)
        let previous = QuortexBoardDrawing(picture: before, canvas: Self.canvas, theme: .standard)

        // At 0 the flows are as they were; at 1 (and beyond) as they are.
        let start = animation.flows(drawing.flows, progress: 0)
        #expect(Set(start.map(\.curves)) == Set(previous.flows.map(\.curves)))
        #expect(animation.flows(drawing.flows, progress: 1) == drawing.flows)
        #expect(animation.flows(drawing.flows, progress: 7) == drawing.flows)
        #expect(animation.flows(drawing.flows, progress: .nan) == drawing.flows)

        let growth = try #require(animation.growths.first)
        func drawnLength(_ progress: Double) -> Double {
            let shapes = animation.flows(drawing.flows, progress: progress)
            let shape = shapes.first { $0.seat == growth.seat && $0.curves.first?.start == drawing.flows[growth.flow].curves.first?.start }
            return shape?.curves.map { $0.length() }.reduce(0, +) ?? 0
        }
        let full = drawing.flows[growth.flow].curves
        let oldLength = full.prefix(growth.oldSteps).map { $0.length() }.reduce(0, +)
        let newLength = full.dropFirst(growth.oldSteps).map { $0.length() }.reduce(0, +)
        for progress in [0.1, 0.25, 0.5, 0.8] {
            #expect(abs(drawnLength(progress) - (oldLength + newLength * progress)) < newLength * 0.01, "at \(progress)")
        }
        // The growing end follows the flow's own path.
        let half = animation.flows(drawing.flows, progress: 0.5)
        for shape in half {
            for (a, b) in zip(shape.curves, shape.curves.dropFirst()) { #expect(a.end.distance(to: b.start) < 1e-9) }
        }
        #expect(half.allSatisfy { shape in shape.end == nil || drawing.flows.contains { $0.end == shape.end } })
    }

    @Test func aPrefixOfACurveIsThatPieceOfIt() {
        let curve = Curve(start: Point(x: 0, y: 0), control1: Point(x: 10, y: 30), control2: Point(x: 40, y: 30), end: Point(x: 50, y: 0))
        for t in [0.0, 0.3, 0.5, 1.0] {
            let piece = curve.prefix(to: t)
            #expect(piece.start == curve.start)
            #expect(piece.end.distance(to: curve.point(at: t)) < 1e-9)
            #expect(piece.point(at: 0.5).distance(to: curve.point(at: t / 2)) < 1e-9)
        }
        // The two halves of a split (the second is the reversed curve's first half) add up to the whole.
        let halves = curve.prefix(to: 0.5).length() + curve.reversed.prefix(to: 0.5).length()
        #expect(abs(curve.length() - halves) < curve.length() * 0.002)
        // A straight pair travels its 2·apothem.
        let hex = HexGeometry(size: 10)
        #expect(abs(hex.curve(around: .zero, from: .west, to: .east).length() - hex.neighbourDistance) < 1e-9)
    }

    @Test func theTableStartsAnAnimationWhenFlowsGrowAndTheOwnMoveOnlyOnce() async throws {
        let (table, model) = try await QuortexOptimisticMoveTests.gated(seed: 7)
        #expect(model.flowAnimationCount == 0 && model.flowAnimation == nil, "the first board appears as it is")
        var played = 0
        // Play until one of the viewer's moves makes a flow longer.
        while played < 30, !model.table.isOver {
            model.jumpToLegal(forward: true)
            let before = model.flowAnimationCount
            let flowsBefore = model.board?.flows.map(\.steps.count).reduce(0, +) ?? 0
            let move = Task { await model.place() }
            #expect(await eventually { await table.isHoldingAMove })
            let grew = (model.board?.flows.map(\.steps.count).reduce(0, +) ?? 0) > flowsBefore
            #expect(model.flowAnimationCount == before + (grew ? 1 : 0), "the own move runs as it is shown")
            let shown = model.flowAnimationCount
            await table.answer()
            await move.value
            #expect(model.flowAnimationCount == shown, "the authority confirming it does not run it again")
            played += 1
            if grew {
                let animation = try #require(model.flowAnimation)
                #expect(!animation.isEmpty)
                return
            }
            await table.bots()
            await model.refresh()
        }
        Issue.record("no move of the viewer's made a flow longer in \(played) moves")
    }
}
