import Foundation

/// How the console writes times, money and counts: one way everywhere.
package enum ConsoleFormat {
    /// `2026-11-30 14:05 UTC` for epoch milliseconds.
    package static func time(_ millis: Int64) -> String {
        time(Date(timeIntervalSince1970: Double(millis) / 1000))
    }

    package static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }

    /// `$1,234.50` for cents (negative as `-$3.00`).
    package static func money(cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let whole = abs(cents) / 100
        let fraction = abs(cents) % 100
        return "\(sign)$\(grouped(whole)).\(String(format: "%02d", fraction))"
    }

    /// `12,345`.
    package static func grouped(_ value: Int64) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }
}

/// The link to a list's next page, read by the `pager` partial.
package struct ConsolePager: Sendable {
    package var nextHref: String?

    /// The next page's link: this `path` with `query` and the API's `cursor`, or none at the end.
    package init(path: String, query: [String: String], nextCursor: String?) {
        guard let nextCursor else {
            nextHref = nil
            return
        }
        var items = query.filter { $0.key != "cursor" && !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        items.append(("cursor", nextCursor))
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        nextHref = path + "?" + items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }
}
