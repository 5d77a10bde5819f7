import ParlorHTTP
import Testing

/// Durations in the units the stores, tokens and metrics use: truncated, never rounded up.
struct DurationUnitsTests {
    @Test func unitsTruncateTowardZero() {
        let duration = Duration.seconds(2) + .nanoseconds(1_999_999)
        #expect(duration.milliseconds == 2_001)
        #expect(duration.wholeSeconds == 2)
        #expect(duration.nanoseconds == 2_001_999_999)
        #expect(Duration.microseconds(250).nanoseconds == 250_000)
        #expect(Duration.zero.nanoseconds == 0)
    }
}
