import GameCore
import Quortex

/// A sound and haptic for the view to play once, for something the player should feel: their
/// tile landing or refused, their turn coming round, a flow closing, the game won or lost. Only
/// what the player's settings allow is filled in; `sequence` grows with each one, so a view plays
/// a value when it changes.
public struct QuortexFeedback: Equatable, Sendable {
    public enum Event: Equatable, Sendable, CaseIterable {
        case placed, refused, yourTurn, won, lost, flowCompleted
    }

    public enum Haptic: Equatable, Sendable {
        case success, error, warning
        /// A light tap, for a tile landing.
        case impact
    }

    public enum Sound: String, Equatable, Sendable {
        case place, refuse, turn, fanfare, defeat, flow
    }

    public var event: Event
    /// Nil when the player turned sounds off.
    public var sound: Sound?
    /// Nil when the player turned haptics off.
    public var haptic: Haptic?
    public var sequence: Int

    /// The feedback for `event` as the settings allow, or nil when they allow neither.
    public init?(event: Event, soundEnabled: Bool, hapticsEnabled: Bool, sequence: Int) {
        guard soundEnabled || hapticsEnabled else { return nil }
        self.event = event
        self.sequence = sequence
        sound = soundEnabled ? Self.sound(for: event) : nil
        haptic = hapticsEnabled ? Self.haptic(for: event) : nil
    }

    static func sound(for event: Event) -> Sound {
        switch event {
        case .placed: .place
        case .refused: .refuse
        case .yourTurn: .turn
        case .won: .fanfare
        case .lost: .defeat
        case .flowCompleted: .flow
        }
    }

    static func haptic(for event: Event) -> Haptic {
        switch event {
        case .placed, .flowCompleted: .impact
        case .refused: .error
        case .yourTurn, .lost: .warning
        case .won: .success
        }
    }

    /// What a new view brings the viewer, the weightiest first: the game's end for them, a flow
    /// that reached a side, their turn coming round. Nil when nothing of it happened.
    static func event(from previous: QuortexView, to current: QuortexView) -> Event? {
        let seat = current.viewer.seat
        if previous.outcome == nil, let outcome = current.outcome {
            guard let seat else { return nil }
            return outcome.winners.contains(seat) ? .won : .lost
        }
        let closedBefore = Set(previous.flows.filter { $0.exitSide != nil }.compactMap(FlowEnd.init))
        if current.flows.contains(where: { flow in flow.exitSide != nil && FlowEnd(flow).map { !closedBefore.contains($0) } == true }) {
            return .flowCompleted
        }
        if let seat, current.currentSeat == seat, previous.currentSeat != seat { return .yourTurn }
        return nil
    }

    /// A flow by where it starts and how long it is, so one that reached a side is told apart.
    private struct FlowEnd: Hashable {
        var seat: Int
        var cell: Cell
        var entry: Direction
        var length: Int

        init?(_ flow: Flow) {
            guard let first = flow.steps.first else { return nil }
            (seat, cell, entry, length) = (flow.seat, first.cell, first.entry, flow.steps.count)
        }
    }
}

extension QuortexTableModel {
    /// Plays `event` through ``feedback`` as the player's settings allow.
    func signal(_ event: QuortexFeedback.Event) {
        let device = devicePreferences.load()
        let next = QuortexFeedback(
            event: event, soundEnabled: feedbackEnabled && device.sound, hapticsEnabled: hapticsEnabled && device.haptics,
            sequence: (feedback?.sequence ?? 0) + 1)
        if let next { feedback = next }
    }
}
