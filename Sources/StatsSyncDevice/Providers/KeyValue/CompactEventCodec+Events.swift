import Foundation
import StatsSync

extension CompactEventCodec {
    struct Previous {
        var sequence: Int64 = 0
        var timestamp: Int64 = 0
    }

    enum Tag {
        static let kindMask: UInt8 = 0x03
        static let game: UInt8 = 0
        static let setting: UInt8 = 1
        static let reset: UInt8 = 2
        static let flagA: UInt8 = 0x04  // game: won; setting: has supersedes
        static let flagB: UInt8 = 0x08  // game: synthetic; setting: clock of another device
    }

    /// Puzzle dates the app can write (the years 2000 to 9999, as `PuzzleDate` parses them).
    static let puzzleDays =
        PuzzleDate(year: 2000, month: 1, day: 1).dayNumber...PuzzleDate(year: 9999, month: 12, day: 31).dayNumber

    /// The UTC day of a timestamp, without trapping for any value.
    static func baseDay(_ timestamp: Int64) -> Int64 { timestamp > 0 ? timestamp / 86_400_000 : 0 }

    static func encode(_ event: StatsEvent, into writer: inout CompactWriter, previous: inout Previous) {
        let sequence = Int64(event.sequence)
        writer.signed(sequence &- previous.sequence)
        writer.uuid(event.id)
        writer.signed(event.timestamp &- previous.timestamp)
        previous = Previous(sequence: sequence, timestamp: event.timestamp)
        switch event.payload {
        case .gameCompleted(let game):
            writer.byte(Tag.game | (game.won ? Tag.flagA : 0) | (game.synthetic ? Tag.flagB : 0))
            writer.signed(Int64(game.puzzleDate.dayNumber) &- baseDay(event.timestamp))
            writer.signed(Int64(game.mistakes))
            writer.signed(Int64(game.seconds))
            writer.signed(Int64(game.hintsUsed))
        case .settingChanged(let change):
            let foreignClock = change.clock.device != event.device
            writer.byte(Tag.setting | (change.supersedes == nil ? 0 : Tag.flagA) | (foreignClock ? Tag.flagB : 0))
            writer.string(change.key)
            writer.string(change.value)
            writer.signed(change.clock.millis &- event.timestamp)
            writer.signed(Int64(change.clock.counter))
            if foreignClock { writer.string(change.clock.device.rawValue) }
            if let supersedes = change.supersedes { writer.uuid(supersedes) }
        case .statsReset(let reset):
            writer.byte(Tag.reset)
            let entries = reset.seen.entries.sorted { $0.key < $1.key }
            writer.count(entries.count)
            for (device, sequence) in entries {
                writer.string(device.rawValue)
                writer.signed(Int64(sequence))
            }
        }
    }

    /// The next event, or nil when its bytes are well-formed but its values are not an event's.
    static func decodeEvent(of device: DeviceID, from reader: inout CompactReader, previous: inout Previous)
        throws(CompactDecodingError) -> StatsEvent?
    {
        let sequence = previous.sequence &+ (try reader.signed())
        let id = try reader.uuid()
        let timestamp = previous.timestamp &+ (try reader.signed())
        previous = Previous(sequence: sequence, timestamp: timestamp)
        let tag = try reader.byte()
        let payload: StatsEvent.Payload?
        switch tag & Tag.kindMask {
        case Tag.game where tag & ~(Tag.kindMask | Tag.flagA | Tag.flagB) == 0:
            let day = baseDay(timestamp) &+ (try reader.signed())
            let mistakes = try reader.signed()
            let seconds = try reader.signed()
            let hints = try reader.signed()
            if let day = Int(exactly: day), puzzleDays.contains(day), let mistakes = Int(exactly: mistakes),
                let seconds = Int(exactly: seconds), let hints = Int(exactly: hints)
            {
                let game = GameCompletion(
                    puzzleDate: PuzzleDate(dayNumber: day), won: tag & Tag.flagA != 0, mistakes: mistakes,
                    seconds: seconds, hintsUsed: hints, synthetic: tag & Tag.flagB != 0)
                payload = .gameCompleted(game)
            } else {
                payload = nil
            }
        case Tag.setting where tag & ~(Tag.kindMask | Tag.flagA | Tag.flagB) == 0:
            let key = try reader.string()
            let value = try reader.string()
            let millis = timestamp &+ (try reader.signed())
            let counter = try reader.signed()
            let clockDevice = tag & Tag.flagB == 0 ? device : try reader.string().flatMap(DeviceID.init(rawValue:))
            let supersedes = tag & Tag.flagA == 0 ? nil : try reader.uuid()
            if let key, let value, let clockDevice, let counter = Int(exactly: counter) {
                let clock = HybridTimestamp(millis: millis, counter: counter, device: clockDevice)
                payload = .settingChanged(SettingChange(key: key, value: value, clock: clock, supersedes: supersedes))
            } else {
                payload = nil
            }
        case Tag.reset where tag == Tag.reset:
            let count = try reader.count(minimumSize: 2)
            var seen: [DeviceID: Int] = [:]
            var valid = true
            for _ in 0..<count {
                let seenDevice = try reader.string().flatMap(DeviceID.init(rawValue:))
                let seenSequence = try reader.signed()
                if let seenDevice, let seenSequence = Int(exactly: seenSequence) {
                    seen[seenDevice] = max(seen[seenDevice] ?? 0, seenSequence)
                } else {
                    valid = false
                }
            }
            payload = valid ? .statsReset(StatsReset(seen: VersionVector(seen))) : nil
        default:
            throw CompactDecodingError(reason: "unknown event tag \(tag)")
        }
        guard let payload, let sequence = Int(exactly: sequence) else { return nil }
        return StatsEvent(id: id, device: device, sequence: sequence, timestamp: timestamp, payload: payload)
    }
}
