import Foundation
import ParlorAPI

/// Reading what an operator types (dollars, times) and writing what the API answers, the one way
/// every TopDog page does it.
enum TopDogFormat {
    /// Cents from `12`, `12.5` or `$1,012.50`; nil for anything else (a negative, three decimals).
    static func cents(_ text: String) -> Int64? {
        let cleaned = text.replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        let parts = cleaned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 10, whole.allSatisfy(\.isASCII), let dollars = Int64(whole), dollars >= 0
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return nil }
            fraction = digits.count == 1 ? value * 10 : value
        }
        return dollars * 100 + fraction
    }

    /// `12.50` for 1250: what a money field shows to be edited.
    static func dollars(_ cents: Int64) -> String { "\(cents / 100).\(String(format: "%02d", cents % 100))" }

    /// A `datetime-local` field's value (`2026-12-01T18:00`), read as UTC.
    static func time(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The `datetime-local` value of `date` in UTC.
    static func fieldTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: date)
    }

    static func time(_ date: Date?) -> String { date.map { ConsoleFormat.time($0) } ?? "" }

    static func money(_ cents: Int64) -> String { ConsoleFormat.money(cents: cents) }

    /// The tag class a status wears: good when it went well, bad when it was stopped.
    static func tone(_ status: String) -> String {
        switch status {
        case "complete", "settled": "good"
        case "cancelled", "failed", "paused": "bad"
        default: ""
        }
    }
}
