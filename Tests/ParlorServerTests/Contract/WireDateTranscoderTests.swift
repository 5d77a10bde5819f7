import Foundation
import OpenAPIRuntime
import ParlorAPI
import Testing

/// REST timestamps on both ends: written to the second in UTC, read in any RFC 3339 form.
@Suite struct WireDateTranscoderTests {
    let transcoder = WireDateTranscoder()

    @Test func writesUTCToTheSecond() throws {
        #expect(try transcoder.encode(Date(timeIntervalSince1970: 1_795_622_700)) == "2026-11-25T16:05:00Z")
        #expect(try transcoder.encode(Date(timeIntervalSince1970: 1_795_622_700.75)) == "2026-11-25T16:05:00Z")
    }

    @Test(arguments: [
        ("2026-11-25T16:05:00Z", 1_795_622_700.0),
        ("2026-11-25T17:05:00+01:00", 1_795_622_700.0),
        ("2026-11-25T16:05:00.250Z", 1_795_622_700.25),
    ])
    func readsRFC3339(text: String, seconds: Double) throws {
        #expect(abs(try transcoder.decode(text).timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test func roundTripsWhatItWrites() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try transcoder.decode(transcoder.encode(date)) == date)
    }

    @Test(arguments: ["", "yesterday", "2026-11-25", "2026-13-25T16:05:00Z", "2026-11-25T16:05:00", "2026-11-25 16:05:00Z"])
    func refusesWhatIsNotRFC3339(text: String) {
        #expect(throws: DecodingError.self) { try transcoder.decode(text) }
    }

    @Test func isTheConfigurationBothEndsUse() throws {
        let configuration = Configuration.parlor
        #expect(try configuration.dateTranscoder.encode(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    /// The real-time channel's `WireDate` reads and writes through the same transcoder.
    @Test func realtimeDatesAgree() throws {
        struct Stamp: Codable { @WireDate var at: Date }
        let read = try JSONDecoder().decode(Stamp.self, from: Data(#"{"at":"2026-11-25T16:05:00.250Z"}"#.utf8))
        #expect(abs(read.at.timeIntervalSince1970 - 1_795_622_700.25) < 0.001)
        #expect(String(decoding: try JSONEncoder().encode(read), as: UTF8.self) == #"{"at":"2026-11-25T16:05:00Z"}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Stamp.self, from: Data(#"{"at":"2026-11-25"}"#.utf8)) }
    }
}
