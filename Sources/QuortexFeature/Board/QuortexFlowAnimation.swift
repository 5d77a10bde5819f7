import Quortex

/// How the flows grow after a move: which steps of which flows are new since the previous
/// picture, and the flows part-way along those steps at any moment of the animation, so a canvas
/// draws the colour running along the new paths (progress 0 shows the board as it was, 1 as it
/// is).
public struct QuortexFlowAnimation: Equatable, Sendable {
    /// One flow of the current picture that gained steps.
    public struct Growth: Equatable, Sendable {
        /// Its index in the current picture's `flows` (and the drawing's, which keeps their order).
        public var flow: Int
        public var seat: Int
        /// The steps it had before; the rest are new.
        public var oldSteps: Int
        /// The new steps, as indices into the flow's steps.
        public var newSteps: Range<Int>
    }

    public var growths: [Growth]

    /// Nothing to animate: no previous picture (the board appears as it is), or the flows only
    /// shrank or changed (another game).
    public var isEmpty: Bool { growths.isEmpty }

    public init(from previous: QuortexBoardPicture?, to current: QuortexBoardPicture) {
        guard let previous else {
            growths = []
            return
        }
        let before = Dictionary(previous.flows.map { (FlowKey($0), $0.steps) }, uniquingKeysWith: { first, _ in first })
        growths = current.flows.enumerated().compactMap { index, flow in
            let old = FlowKey(flow).map { before[$0] ?? [] } ?? []
            guard flow.steps.count > old.count, Array(flow.steps.prefix(old.count)) == old else { return nil }
            return Growth(flow: index, seat: flow.seat, oldSteps: old.count, newSteps: old.count..<flow.steps.count)
        }
    }

    /// The drawing's flows at `progress` (0…1): each growing flow keeps its old steps and runs
    /// along its new ones in proportion to their length, so the colour moves at one speed; the
    /// open end's dot shows once the flow has arrived.
    public func flows(_ flows: [QuortexBoardDrawing.FlowShape], progress: Double) -> [QuortexBoardDrawing.FlowShape] {
        let progress = progress.isFinite ? min(max(progress, 0), 1) : 1
        guard progress < 1 else { return flows }
        var result = flows
        for growth in growths where result.indices.contains(growth.flow) {
            var shape = result[growth.flow]
            let old = Array(shape.curves.prefix(growth.oldSteps))
            let new = Array(shape.curves.dropFirst(growth.oldSteps))
            shape.curves = old + Self.partial(new, progress)
            shape.end = nil
            // A flow that did not exist before is not drawn at all until it starts to grow.
            result[growth.flow] = shape
        }
        return result.filter { !$0.curves.isEmpty }
    }

    /// The first `progress` of a chain of curves, by length.
    static func partial(_ curves: [Curve], _ progress: Double) -> [Curve] {
        let lengths = curves.map { $0.length() }
        let total = lengths.reduce(0, +)
        guard total > 0, progress > 0 else { return [] }
        var remaining = total * progress
        var drawn: [Curve] = []
        for (curve, length) in zip(curves, lengths) {
            if remaining >= length {
                drawn.append(curve)
                remaining -= length
            } else {
                if remaining > 0 { drawn.append(curve.prefix(to: curve.parameter(atLength: remaining, of: length))) }
                break
            }
        }
        return drawn
    }

    /// Which flow a flow is across pictures: its seat and the port it starts from.
    struct FlowKey: Hashable {
        var seat: Int
        var side: Int
        var cell: Cell
        var entry: Direction

        init?(_ flow: QuortexBoardPicture.FlowPath) {
            guard let first = flow.steps.first else { return nil }
            (seat, side, cell, entry) = (flow.seat, flow.side, first.cell, first.entry)
        }
    }
}

extension Curve {
    /// The parameter at which `distance` along the curve (of `length` in all) is reached, found
    /// by bisection on the prefix's length: the curve is not travelled at constant speed.
    func parameter(atLength distance: Double, of length: Double) -> Double {
        guard length > 0 else { return 1 }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<20 {
            let middle = (low + high) / 2
            if prefix(to: middle).length() < distance { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

extension QuortexFlowAnimation {
    /// How long the colour takes to run along the new steps.
    public static let duration = 0.6

    /// The animation's progress `elapsed` seconds after it started, eased out (fast, then
    /// settling), 0…1.
    public static func progress(elapsed: Double) -> Double {
        guard elapsed.isFinite else { return 1 }
        let linear = min(max(elapsed / duration, 0), 1)
        return 1 - (1 - linear) * (1 - linear)
    }
}

extension QuortexTableModel {
    /// Compares the flows now shown with the ones shown before and, when some grew, starts a new
    /// animation of them. The player's own move runs when it is shown, not again when the
    /// authority confirms it.
    func noteShownFlows() {
        guard let shown = shownView else { return }
        let current = QuortexBoardPicture(view: shown, cursor: nil)
        let growth = QuortexFlowAnimation(from: shownFlows, to: current)
        shownFlows = current
        guard !growth.isEmpty else { return }
        flowAnimation = growth
        flowAnimationCount += 1
    }
}
