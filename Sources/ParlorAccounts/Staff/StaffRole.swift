/// The roles that run the service. An `admin` may do everything; a `moderator` handles reports,
/// suspensions and chat. A player has no role.
public enum StaffRole: String, Sendable, Codable, CaseIterable {
    case admin
    case moderator

    /// Whether this role may do what `needed` allows.
    package func covers(_ needed: StaffRole) -> Bool { self == .admin || self == needed }
}
