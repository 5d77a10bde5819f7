import GameCore

/// Social: the rules of leaderboards, achievements and friendships, pure and shared by the
/// server and the apps — period keys (UTC days, ISO weeks, months), competition ranks, how a
/// result moves a score or an achievement's progress, and which friendship changes are allowed.
///
/// A period's key names one span: `all` for all time, `2026-11` for a month, `2026-W48` for an
/// ISO week, `2026-11-25` for a day, all in UTC.
extension LeaderboardPeriod {
    /// The key of the span holding the instant `millis` (milliseconds since 1970, UTC).
    public func key(at millis: Int64) -> String {
        let day = CivilDay(daysSince1970: Self.floorDiv(millis, 86_400_000))
        switch self {
        case .allTime: return "all"
        case .monthly: return "\(Self.pad(day.year, 4))-\(Self.pad(day.month, 2))"
        case .daily: return "\(Self.pad(day.year, 4))-\(Self.pad(day.month, 2))-\(Self.pad(day.day, 2))"
        case .weekly:
            let week = day.isoWeek
            return "\(Self.pad(week.year, 4))-W\(Self.pad(week.week, 2))"
        }
    }

    /// Whether `key` names a span of this period (a real date, month or ISO week, from 2000 to 9999).
    public func isKey(_ key: String) -> Bool {
        switch self {
        case .allTime: return key == "all"
        case .monthly:
            guard let parts = Self.numbers(key, "-"), parts.count == 2, key.count == 7 else { return false }
            return (2000...9999).contains(parts[0]) && (1...12).contains(parts[1])
        case .daily:
            guard let parts = Self.numbers(key, "-"), parts.count == 3, key.count == 10, (2000...9999).contains(parts[0]) else { return false }
            return CivilDay(year: parts[0], month: parts[1], day: parts[2]) != nil
        case .weekly:
            let halves = key.split(separator: "-W", omittingEmptySubsequences: false)
            guard key.count == 8, halves.count == 2, halves.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let year = Int(halves[0]), let week = Int(halves[1]), (2000...9999).contains(year)
            else {
                return false
            }
            return (1...CivilDay.isoWeeks(in: year)).contains(week)
        }
    }

    private static func numbers(_ key: String, _ separator: Character) -> [Int]? {
        let parts = key.split(separator: separator, omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil }
        return numbers.count == parts.count ? numbers : nil
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int {
        Int(a >= 0 ? a / b : -((-a + b - 1) / b))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A proleptic Gregorian date, by days since 1970-01-01 (Howard Hinnant's civil algorithms).
struct CivilDay: Equatable {
    var year: Int
    var month: Int
    var day: Int

    init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Nil for a date that does not exist (February 30th).
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1 else { return nil }
        let candidate = CivilDay(daysSince1970: Self.days(year: year, month: month, day: day))
        guard candidate.year == year, candidate.month == month, candidate.day == day else { return nil }
        self = candidate
    }

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    var daysSince1970: Int { Self.days(year: year, month: month, day: day) }

    /// Monday 0 … Sunday 6; 1970-01-01 was a Thursday.
    var weekday: Int { ((daysSince1970 + 3) % 7 + 7) % 7 }

    /// The ISO 8601 week: the week's Thursday decides its year.
    var isoWeek: (year: Int, week: Int) {
        let thursday = CivilDay(daysSince1970: daysSince1970 - weekday + 3)
        let firstOfYear = Self.days(year: thursday.year, month: 1, day: 1)
        return (thursday.year, (thursday.daysSince1970 - firstOfYear) / 7 + 1)
    }

    /// 53 when the year's last Thursday falls in week 53 (the year starts or, in leap years, ends on a Thursday), else 52.
    static func isoWeeks(in year: Int) -> Int {
        CivilDay(daysSince1970: days(year: year, month: 12, day: 28)).isoWeek.week
    }
}
