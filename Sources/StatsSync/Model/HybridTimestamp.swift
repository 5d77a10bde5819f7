/// A hybrid logical clock reading: wall-clock milliseconds, a counter that orders events within
/// (or behind) one millisecond, and the writing device as the final tie-break. It orders setting
/// changes the way people expect (later wins) even when device clocks disagree slightly, and it
/// never runs backwards on a device that has seen a reading from a faster clock.
public struct HybridTimestamp: Hashable, Comparable, Codable, Sendable {
    public let millis: Int64
    public let counter: Int
    public let device: DeviceID

    public init(millis: Int64, counter: Int, device: DeviceID) {
        self.millis = millis
        self.counter = counter
        self.device = device
    }

    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        (lhs.millis, lhs.counter, lhs.device) < (rhs.millis, rhs.counter, rhs.device)
    }
}

/// One device's hybrid logical clock (Kulkarni et al.): `tick` for a local change, `observe` for
/// every remote reading merged into the log.
public struct HybridClock: Codable, Hashable, Sendable {
    public private(set) var millis: Int64
    public private(set) var counter: Int
    public let device: DeviceID

    public init(device: DeviceID, millis: Int64 = 0, counter: Int = 0) {
        self.device = device
        self.millis = millis
        self.counter = counter
    }

    /// A reading later than every reading this clock has issued or observed.
    public mutating func tick(now: Int64) -> HybridTimestamp {
        if now > millis {
            millis = now
            counter = 0
        } else {
            counter += 1
        }
        return HybridTimestamp(millis: millis, counter: counter, device: device)
    }

    /// Moves the clock past `remote`, so the next local change orders after it.
    public mutating func observe(_ remote: HybridTimestamp, now: Int64) {
        let top = max(millis, remote.millis, now)
        if top == millis && top == remote.millis {
            counter = max(counter, remote.counter) + 1
        } else if top == millis {
            counter += 1
        } else if top == remote.millis {
            counter = remote.counter + 1
        } else {
            counter = 0
        }
        millis = top
    }
}
