/// The Quortex app's tabs, in the order the tab bar shows them.
public enum QuortexTab: String, Hashable, Sendable, CaseIterable {
    case home, games, leaderboards, friends, profile

    public var title: String {
        switch self {
        case .home: "Play"
        case .games: "Games"
        case .leaderboards: "Leaderboards"
        case .friends: "Friends"
        case .profile: "Profile"
        }
    }

    /// The SF Symbol the tab bar shows.
    public var systemImage: String {
        switch self {
        case .home: "hexagon"
        case .games: "list.bullet"
        case .leaderboards: "trophy"
        case .friends: "person.2"
        case .profile: "person.crop.circle"
        }
    }
}
