/// A duration in the units the stores and the wire use: millisecond timestamps, whole seconds in
/// token lifetimes, nanoseconds for metrics.
extension Duration {
    package var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    package var wholeSeconds: Int { Int(components.seconds) }

    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
