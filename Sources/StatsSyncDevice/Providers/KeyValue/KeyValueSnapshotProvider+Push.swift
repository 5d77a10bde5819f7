import Foundation
import StatsSync

extension KeyValueSnapshotProvider {
    /// Merges the events this device authored into its own key (events of other devices are
    /// ignored: their authors write them). Writes nothing when the merged value is what is stored.
    public func push(_ events: [StatsEvent]) async throws {
        let mine = events.filter { $0.device == device }
        guard !mine.isEmpty else { return }
        let state = await ownState()
        var log = EventLog(state.events)
        guard !log.insert(contentsOf: mine).isEmpty else { return }
        let chunks = try layout(log.events.sorted(by: CompactEventCodec.bySequence), state: state)
        try await write(chunks, replacing: state.chunks)
        await store.synchronize()
    }

    /// This device's stored events and what the rest of the store leaves it.
    struct OwnState {
        var chunks: [String: Data] = [:]
        var events: [StatsEvent] = []
        /// The lowest floor of this device's stored values; nil before its first write.
        var floor: Int?
        /// Key and value bytes, and keys, of everything but this device's keys.
        var otherBytes = 0
        var otherKeys = 0
        var summaryBytes = 0
        /// The key tokens of every device with keys, this one included.
        var devices: Set<String> = []
    }

    func ownState() async -> OwnState {
        let token = KeyValueLayout.token(for: device)
        let checkedAt = now()
        var state = OwnState()
        state.devices.insert(token)
        for key in await store.allKeys() {
            guard let data = await store.data(forKey: key) else { continue }
            let size = key.utf8.count + data.count
            switch KeyValueLayout.parse(key) {
            case .events(token, _):
                state.chunks[key] = data
                guard let groups = try? CompactEventCodec.decode(Array(data)), groups.count == 1,
                    let group = groups.first, group.device == device
                else { continue }
                state.floor = min(state.floor ?? group.floor, group.floor)
                state.events += group.events.filter { $0.problems(now: checkedAt).isEmpty }
            case .summary(token):
                state.summaryBytes = size
            case .events(let other, _), .summary(let other):
                state.devices.insert(other)
                state.otherBytes += size
                state.otherKeys += 1
            case nil:
                state.otherBytes += size
                state.otherKeys += 1
            }
        }
        return state
    }

    /// The values for this device's key(s): all its events if they fit its budget, else the newest
    /// that do. The budget is the smaller of its fair share and the space the other keys leave,
    /// less room for its summary. A fair share is the total over the devices with keys plus one,
    /// so that a device yet to write always finds room; the others shrink to the smaller share on
    /// their next write.
    func layout(_ events: [StatsEvent], state: OwnState) throws -> [[UInt8]] {
        let limits = store.limits
        let summaryRoom = max(state.summaryBytes, Self.summaryReserve)
        let spaceLeft = limits.totalBytes - state.otherBytes - summaryRoom
        let fairShare = limits.totalBytes / (state.devices.count + 1) - summaryRoom
        let budget = min(spaceLeft, fairShare)
        let keysLeft = limits.maximumKeys - state.otherKeys - 1

        let storedFloor = state.floor ?? 1

        func chunks(from start: Int) -> [[UInt8]]? {
            let floor =
                start == 0 ? min(storedFloor, events.first?.sequence ?? storedFloor)
                : start < events.count ? events[start].sequence : (events.last?.sequence ?? 0) + 1
            guard
                let chunks = CompactEventCodec.encodeChunks(
                    device: device, floor: floor, events: Array(events[start...]), maximumBytes: limits.maximumValueBytes),
                chunks.count <= keysLeft
            else { return nil }
            let bytes = chunks.indices.reduce(0) {
                $0 + KeyValueLayout.eventKey(for: device, chunk: $1).utf8.count + chunks[$1].count
            }
            return bytes <= budget ? chunks : nil
        }

        if let all = chunks(from: 0) { return all }
        guard var best = chunks(from: events.count) else {
            throw StatsProviderError.quotaExceeded(
                "no room for \(device)'s events: \(budget) bytes left of \(limits.totalBytes)")
        }
        // The smallest start that fits: sizes shrink as the start moves up.
        var low = 0
        var high = events.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if let fitting = chunks(from: middle) {
                best = fitting
                high = middle
            } else {
                low = middle
            }
        }
        return best
    }

    /// Stores the new values, skipping those already stored, and removes chunks no longer used
    /// (first, so that the space they free is there for the rest).
    func write(_ chunks: [[UInt8]], replacing stored: [String: Data]) async throws {
        let keys = chunks.indices.map { KeyValueLayout.eventKey(for: device, chunk: $0) }
        var current = stored
        for key in stored.keys.sorted() where !keys.contains(key) {
            await store.removeValue(forKey: key)
            current[key] = nil
        }
        for (index, key) in keys.enumerated() {
            let value = Data(chunks[index])
            guard current[key] != value else { continue }
            do {
                try await set(value, forKey: key)
            } catch StatsProviderError.quotaExceeded {
                // Old chunks still to be replaced may briefly hold the space: clear them and retry.
                for later in keys[(index + 1)...] where current[later] != nil {
                    await store.removeValue(forKey: later)
                    current[later] = nil
                }
                try await set(value, forKey: key)
            }
            current[key] = value
        }
    }
}
