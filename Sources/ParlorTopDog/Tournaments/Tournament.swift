import BestBall
import Foundation

/// A best ball tournament: what it costs, what it pays, and how its drafts run.
package struct Tournament: Sendable, Equatable {
    package enum Speed: String, Sendable, CaseIterable {
        /// A 30-second pick clock.
        case fast
        /// An 8-hour pick clock.
        case slow
        /// A clock the admin set.
        case custom
    }

    package enum Status: String, Sendable {
        /// No entries yet.
        case open
        /// Taking entries.
        case filling
        /// Every entry taken; some rooms have not started drafting.
        case full
        /// Every entry taken and every room started.
        case drafting
        /// Scored, standings final, prizes paid.
        case complete
        /// Called off by an operator: every entry refunded, every room closed.
        case cancelled
    }

    /// What happens at the start time to a room that has not filled.
    package enum UnfilledPolicy: String, Sendable, CaseIterable {
        /// House teams on autopick take the empty seats, so the room drafts and the tournament
        /// can complete (the default: players who entered get their draft).
        case fillWithHouse = "fill_with_house"
        /// The room is closed and its entrants refunded.
        case cancelRoom = "cancel_room"
    }

    package var id: String
    package var title: String
    package var entryFeeCents: Int64
    /// 0 is unlimited.
    package var maxEntries: Int
    /// 0 is unlimited.
    package var maxPerUser: Int
    package var firstPlaceCents: Int64
    /// Prize by final rank, first place first.
    package var prizes: [Int64]
    package var speed: Speed
    package var draft: DraftSettings
    package var schedule: AdvancementSchedule
    /// How long a full room counts down before its first pick.
    package var countdownMillis: Int64
    package var entries: Int
    package var createdAt: Int64
    package var completedAt: Int64?
    /// When entries close and rooms still filling meet `unfilledPolicy`; nil: rooms start only as
    /// they fill, with no deadline.
    package var startsAt: Int64? = nil
    package var unfilledPolicy: UnfilledPolicy = .fillWithHouse
    /// When the start-time policy was applied (once, by whichever node claimed it).
    package var startedAt: Int64? = nil
    package var cancelledAt: Int64? = nil

    package var totalPrizeCents: Int64 { prizes.reduce(0, +) }

    package static func pickMillis(for speed: Speed) -> Int64? {
        switch speed {
        case .fast: 30_000
        // The seed's figure (Appendix F.1's `DraftSpeed.slow`: 12 hours a pick).
        case .slow: 12 * 3_600_000
        case .custom: nil
        }
    }
}

/// How far a tournament's rooms have got, for its status and the lobby's progress bar.
package struct TournamentProgress: Sendable, Equatable {
    package var rooms = 0
    package var roomsFilling = 0
    package var roomsDrafting = 0
    package var roomsComplete = 0

    package func status(of tournament: Tournament) -> Tournament.Status {
        if tournament.cancelledAt != nil { return .cancelled }
        if tournament.completedAt != nil { return .complete }
        if tournament.entries == 0 { return .open }
        let capped = tournament.maxEntries > 0 && tournament.entries >= tournament.maxEntries
        guard capped else { return .filling }
        return roomsFilling == 0 && rooms == roomsDrafting + roomsComplete ? .drafting : .full
    }
}
