/// CRC-32/IEEE (the checksum of zlib, PNG and Ethernet: reflected polynomial 0xEDB88320, initial
/// and final value 0xFFFFFFFF), table-driven. The local log stores it with every record so that a
/// torn or damaged record is recognised rather than decoded.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return crc ^ 0xFFFF_FFFF
        }
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        Array(bytes).withUnsafeBytes { checksum($0) }
    }
}
