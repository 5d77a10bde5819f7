import Foundation

/// Why a player reports another: a fixed list, so reports can be sorted and counted.
package enum ReportReason: String, Sendable, CaseIterable {
    case cheating, harassment, hate, spam
    case inappropriateName = "inappropriate_name"
    case other
}

/// Where a report stands: `open` until staff resolve it as `dismissed` or `actioned`.
package enum ReportStatus: String, Sendable, CaseIterable {
    case open, dismissed, actioned
}

/// One report of a user by another, with what it points at.
package struct UserReport: Sendable, Equatable {
    package var id: String
    /// Nil once the reporter's account has been deleted.
    package var reporter: String?
    package var target: String
    package var game: UUID?
    package var chatLine: Int64?
    package var reason: ReportReason
    /// The reporter's own words, at most ``UserReport/maxDetails`` characters.
    package var details: String?
    package var status: ReportStatus
    package var createdAt: Int64
    package var resolvedAt: Int64?
    package var resolvedBy: String?
    package var resolutionNote: String?

    package static let maxDetails = 1000
}

/// A report as staff list it: with the names of the two users (a deleted reporter has none).
package struct ListedReport: Sendable, Equatable {
    package struct Party: Sendable, Equatable {
        package var id: String
        package var username: String
        package var displayName: String
    }

    package var report: UserReport
    package var reporter: Party?
    package var target: Party
}
