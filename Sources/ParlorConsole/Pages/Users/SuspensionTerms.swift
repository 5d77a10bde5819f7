import Foundation

/// How long a suspension posted from a user's page lasts: one of the offered durations, or a
/// custom end typed as a date and time in UTC (what a `datetime-local` field sends).
enum SuspensionTerms {
    /// The durations the form offers, by the value the form sends.
    static let durations: [(value: String, label: String, days: Int)] = [
        ("1d", "1 day", 1), ("7d", "7 days", 7), ("30d", "30 days", 30),
    ]

    /// The end of the suspension the form asks for, from `now`; a problem for anything else.
    /// A custom end in the past is passed on: the API refuses it with its own words.
    static func end(duration: String?, custom: String?, now: Date) throws(ConsoleProblem) -> Date {
        let choice = duration ?? "custom"
        if let offered = durations.first(where: { $0.value == choice }) {
            return now.addingTimeInterval(TimeInterval(offered.days * 24 * 60 * 60))
        }
        guard choice == "custom" else { throw ConsoleProblem("Choose how long the suspension lasts.") }
        guard let custom else { throw ConsoleProblem("Give the date and time the suspension ends (UTC), or choose a duration.") }
        guard let date = parse(custom) else {
            throw ConsoleProblem("“\(custom.prefix(40))” is not a date and time; write it as 2026-12-31 18:00 (UTC).")
        }
        return date
    }

    /// `2026-12-31T18:00`, `2026-12-31 18:00`, with seconds or not, or a day alone (midnight), in UTC.
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.isLenient = false
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            // The formatter accepts some trailing text; a date must read back as it was written.
            if let date = formatter.date(from: trimmed), formatter.string(from: date) == trimmed { return date }
        }
        return nil
    }
}
