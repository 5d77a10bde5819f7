import Foundation
import Testing

@testable import StatsSyncDevice

@Suite struct LogRecordFormatTests {
    @Test func crc32MatchesTheStandardCheckValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([UInt8](repeating: 0, count: 32)) == 0x190A_55AD)
    }

    @Test func framesAndScansRecords() {
        var bytes: [UInt8] = []
        let payloads = [Array("{\"a\":1}".utf8), [], Array(String(repeating: "x", count: 300).utf8)]
        for payload in payloads { LogRecordFormat.frame(payload, into: &bytes) }
        #expect(bytes.count == payloads.reduce(0) { $0 + $1.count + 12 })
        let scan = bytes.withUnsafeBytes { LogRecordFormat.scan($0) }
        #expect(scan.payloads.map { Array(bytes[$0]) } == payloads)
        #expect(scan.validEnd == bytes.count)
        #expect(scan.skippedBytes == 0)
    }

    @Test func aLengthBeyondTheFileIsATornTailNotACrash() {
        var bytes: [UInt8] = []
        LogRecordFormat.frame(Array("{}".utf8), into: &bytes)
        let intact = bytes.count
        bytes += LogRecordFormat.magic + [0xFF, 0xFF, 0xFF, 0x7F] + [1, 2, 3, 4] + [9, 9]
        let scan = bytes.withUnsafeBytes { LogRecordFormat.scan($0) }
        #expect(scan.payloads.count == 1)
        #expect(scan.validEnd == intact)
    }
}
