import Foundation

@testable import StatsSync

/// Builds events for tests: one author per device, sequences counted up automatically.
struct EventFactory {
    private(set) var sequences: [DeviceID: Int] = [:]
    var clock: Int64 = 1_737_280_800_000  // 2025-01-19T10:00:00Z

    static func device(_ name: String) -> DeviceID {
        guard let device = DeviceID(rawValue: name) else { fatalError("bad test device id \(name)") }
        return device
    }

    mutating func event(_ device: DeviceID, at timestamp: Int64? = nil, _ payload: StatsEvent.Payload) -> StatsEvent {
        let sequence = sequences[device, default: 0] + 1
        sequences[device] = sequence
        clock += 1000
        return StatsEvent(device: device, sequence: sequence, timestamp: timestamp ?? clock, payload: payload)
    }

    mutating func game(
        _ device: DeviceID, _ date: String, won: Bool = true, mistakes: Int = 0, seconds: Int = 120, hints: Int = 0,
        at timestamp: Int64? = nil
    ) -> StatsEvent {
        event(device, at: timestamp, .gameCompleted(GameCompletion(
            puzzleDate: day(date), won: won, mistakes: mistakes, seconds: seconds, hintsUsed: hints)))
    }
}

func day(_ text: String) -> PuzzleDate {
    guard let date = PuzzleDate(text) else { fatalError("bad test date \(text)") }
    return date
}
