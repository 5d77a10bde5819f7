import Foundation

/// Settings as last-writer-wins registers: per key, the change with the greatest hybrid logical
/// clock reading wins. Resets erase games, not settings.
public enum SettingsProjection {
    public static func winners(of events: some Sequence<StatsEvent>) -> [String: StatsEvent] {
        var winners: [String: StatsEvent] = [:]
        for event in events {
            guard let change = event.settingChange else { continue }
            if let current = winners[change.key]?.settingChange, current.clock >= change.clock { continue }
            winners[change.key] = event
        }
        return winners
    }

    public static func values(of events: some Sequence<StatsEvent>) -> [String: String] {
        winners(of: events).compactMapValues { $0.settingChange?.value }
    }
}
