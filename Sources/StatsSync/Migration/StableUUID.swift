import Foundation

/// A UUID derived from a name (two 64-bit FNV-1a hashes with different offsets, stamped as
/// version 8). Migration uses it so that two devices converting the same legacy figures write the
/// same events, which union then counts once.
enum StableUUID {
    static func make(_ name: String) -> UUID {
        let high = mix(fnv1a(name, offset: 0xcbf2_9ce4_8422_2325))
        let low = mix(fnv1a(name, offset: 0x8422_2325_cbf2_9ce4))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// MurmurHash3's finaliser: spreads FNV's weak high bits so similar names get unrelated ids.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 33)) &* 0xff51_afd7_ed55_8ccd
        z = (z ^ (z >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return z ^ (z >> 33)
    }

    static func fnv1a(_ text: String, offset: UInt64) -> UInt64 {
        var hash = offset
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
