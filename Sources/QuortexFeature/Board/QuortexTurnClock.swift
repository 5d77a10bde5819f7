import AppFoundation
import Foundation
import Quortex

/// Whose turn it is and, when the game has a turn clock, how long is left: "Your turn · 0:42".
public struct QuortexTurnClock: Equatable, Sendable {
    /// Whole seconds left, rounded up (a turn with 0.3 s left still shows 0:01); 0 once it ran out.
    public var remainingSeconds: Int
    /// `0:42`, `1:02:03`, or days and hours for a turn-based game: `2 d 5 h`.
    public var remainingText: String
    public var isMine: Bool
    /// Ten seconds or less on the viewer's own turn: the view makes it stand out.
    public var isUrgent: Bool
    /// The turn and the time together: "Your turn · 0:42", "P2 Olga · 2 d 5 h".
    public var text: String

    /// The seconds under which the viewer's clock is urgent.
    public static let urgentSeconds = 10

    public init(remaining: Duration, isMine: Bool, whose: String) {
        let (seconds, fraction) = (remaining.components.seconds, remaining.components.attoseconds)
        remainingSeconds = max(Int(seconds) + (fraction > 0 ? 1 : 0), 0)
        remainingText = Self.text(seconds: remainingSeconds)
        self.isMine = isMine
        isUrgent = isMine && remainingSeconds <= Self.urgentSeconds
        text = "\(whose) · \(remainingText)"
    }

    static func text(seconds: Int) -> String {
        let day = 86_400
        guard seconds >= day else { return Formatting.clock(.seconds(seconds)) }
        let days = seconds / day
        let hours = (seconds % day) / 3600
        return hours == 0 ? "\(days) d" : "\(days) d \(hours) h"
    }
}

extension QuortexTableModel {
    /// The turn clock at `now`, while the game goes on and has a deadline (``turnDeadline``);
    /// nil otherwise, when ``turnText`` says whose turn it is alone.
    public func turnClock(at now: Date) -> QuortexTurnClock? {
        guard let turnDeadline, !table.isOver, let current = view?.currentSeat else { return nil }
        let mine = current == viewerSeat
        let whose = mine ? "Your turn" : "P\(current + 1) \(name(ofSeat: current))"
        let left = turnDeadline.timeIntervalSince(now)
        let milliseconds = Int64((left * 1000).rounded().clamped(to: -1e12...1e12))
        return QuortexTurnClock(remaining: .milliseconds(milliseconds), isMine: mine, whose: whose)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { isFinite ? min(max(self, range.lowerBound), range.upperBound) : 0 }
}
