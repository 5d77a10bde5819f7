import Foundation
import StatsSync

/// A whole event log as one blob, for stores that keep a single document (a Game Center saved
/// game): the compact codec with one group per device. Pure Foundation, so it is tested on Linux.
enum EventArchive {
    static func encode(_ log: EventLog) -> Data {
        Data(CompactEventCodec.encode(CompactEventCodec.groups(of: log.events)))
    }

    /// The valid events of an archive (others are left out), or nil when it is not one.
    static func decode(_ data: Data, now: Int64) -> EventLog? {
        guard let groups = try? CompactEventCodec.decode(Array(data)) else { return nil }
        var log = EventLog()
        for group in groups {
            log.insert(contentsOf: group.events.filter { $0.problems(now: now).isEmpty })
        }
        return log
    }

    /// The union of several copies, as conflicting saves are resolved: nothing any copy holds is
    /// lost. `unreadable` counts the copies that are not archives (from a newer format, or damaged):
    /// a caller should not resolve a conflict then, since that would discard them.
    static func union(_ copies: [Data], now: Int64) -> (log: EventLog, unreadable: Int) {
        var log = EventLog()
        var unreadable = 0
        for copy in copies {
            if let decoded = decode(copy, now: now) {
                log.insert(contentsOf: decoded.events)
            } else {
                unreadable += 1
            }
        }
        return (log, unreadable)
    }
}
