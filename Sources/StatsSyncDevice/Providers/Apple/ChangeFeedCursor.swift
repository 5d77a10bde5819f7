import Foundation
import StatsSync

/// The cursor of a provider read through a change feed (CloudKit's zone changes): the feed's own
/// token, plus the version vector of everything the feed has delivered so far. A fetch sees only
/// the changes since the token, so the provider's version (what the manager need not push) is
/// carried forward here rather than recomputed. Sequences delivered beyond a gap are kept too, so
/// that a late event closing the gap moves the vector past all of them. Pure Foundation, so it is
/// tested on Linux.
struct ChangeFeedCursor: Codable, Equatable, Sendable {
    /// The feed's opaque token (for CloudKit, an archived `CKServerChangeToken` in base64).
    var token: String?
    var version = VersionVector()
    var beyondGap: [DeviceID: [Int]] = [:]

    init(token: String? = nil) { self.token = token }

    /// Reads a cursor string; nil for nil or anything unreadable (then the feed starts over).
    init?(encoded: String?) {
        guard let encoded, let data = Data(base64Encoded: encoded),
            let cursor = try? JSONDecoder().decode(ChangeFeedCursor.self, from: data)
        else { return nil }
        self = cursor
    }

    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(self)) ?? Data()).base64EncodedString()
    }

    /// Takes delivered events into the version.
    mutating func absorb(_ events: some Sequence<StatsEvent>) {
        var entries = version.entries
        var touched = Set<DeviceID>()
        var pending = beyondGap.mapValues(Set.init)
        for event in events where event.sequence > entries[event.device, default: 0] {
            pending[event.device, default: []].insert(event.sequence)
            touched.insert(event.device)
        }
        for device in touched {
            var held = pending[device] ?? []
            var contiguous = entries[device, default: 0]
            while held.remove(contiguous + 1) != nil { contiguous += 1 }
            entries[device] = contiguous
            pending[device] = held
        }
        version = VersionVector(entries)
        beyondGap = pending.filter { !$0.value.isEmpty }.mapValues { $0.sorted() }
    }

    enum CodingKeys: String, CodingKey {
        case token, version, beyondGap = "beyond_gap"
    }
}
