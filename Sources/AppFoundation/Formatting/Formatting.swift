import Foundation

/// How every app writes numbers and times, the same on every device and in every test: money
/// from cents, compact prize pools, clocks, relative times and rating changes. US English, as
/// the seeds' screens are; a localised app would pass its own locale here.
public enum Formatting {
    /// `$1,234.50`, `-$3.00`: money in cents, exact (no floating point).
    public static func money(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        return "\(sign)$\(grouped(magnitude / 100)).\(twoDigits(magnitude % 100))"
    }

    /// `$1.5M`, `$25K`, `$950`: a prize pool or a fee at a glance. One decimal where it says
    /// something, none where it is zero; under a thousand dollars, whole dollars (cents dropped).
    public static func compactMoney(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let dollars = cents.magnitude / 100
        let units: [(UInt, String)] = [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")]
        for (size, suffix) in units where dollars >= size {
            let tenths = (dollars * 10 + size / 2) / size  // rounded to a tenth
            let whole = tenths / 10
            let fraction = tenths % 10
            return "\(sign)$\(whole)\(fraction == 0 ? "" : ".\(fraction)")\(suffix)"
        }
        return "\(sign)$\(dollars)"
    }

    /// A countdown or a game clock: `0:07`, `4:05`, `1:02:03`. Negative durations read as zero.
    public static func clock(_ duration: Duration) -> String {
        let total = max(duration.components.seconds, 0)
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let seconds = total % 60
        return hours > 0 ? "\(hours):\(twoDigits(UInt(minutes))):\(twoDigits(UInt(seconds)))" : "\(minutes):\(twoDigits(UInt(seconds)))"
    }

    /// `just now`, `5 min ago`, `3 h ago`, `yesterday`, `4 days ago`, `in 10 min`, then the date.
    public static func relative(_ date: Date, to now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date).rounded())
        let ahead = seconds < 0
        let span = abs(seconds)
        let text: String
        switch span {
        case ..<45: return "just now"
        case ..<3_600: text = "\(max(span / 60, 1)) min"
        case ..<86_400: text = "\(span / 3_600) h"
        case ..<172_800: return ahead ? "tomorrow" : "yesterday"
        case ..<604_800: text = "\(span / 86_400) days"
        default: return date.formatted(.dateTime.year().month(.abbreviated).day().locale(Locale(identifier: "en_US_POSIX")))
        }
        return ahead ? "in \(text)" : "\(text) ago"
    }

    /// A rating change with its sign: `+12`, `−8` (a true minus sign), `±0`.
    public static func ratingChange(_ change: Int) -> String {
        change > 0 ? "+\(change)" : change < 0 ? "\u{2212}\(change.magnitude)" : "±0"
    }

    private static func grouped(_ value: UInt) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    private static func twoDigits(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
