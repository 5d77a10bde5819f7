import GameCore
import Testing

@testable import Social

@Suite struct PeriodTests {
    static func millis(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Int64 {
        Int64(CivilDay.days(year: y, month: m, day: d)) * 86_400_000 + Int64(h * 3_600_000 + min * 60_000 + s * 1000)
    }

    @Test func aScoreAtMidnightLandsInTheNextDay() {
        let before = Self.millis(2026, 11, 24, 23, 59, 59)
        let after = Self.millis(2026, 11, 25)
        #expect(LeaderboardPeriod.daily.key(at: before) == "2026-11-24")
        #expect(LeaderboardPeriod.daily.key(at: after) == "2026-11-25")
        #expect(LeaderboardPeriod.daily.key(at: after - 1) == "2026-11-24")
        #expect(LeaderboardPeriod.monthly.key(at: Self.millis(2026, 11, 30, 23, 59, 59)) == "2026-11")
        #expect(LeaderboardPeriod.monthly.key(at: Self.millis(2026, 12, 1)) == "2026-12")
        #expect(LeaderboardPeriod.allTime.key(at: after) == "all")
    }

    @Test func isoWeeksFollowTheThursday() {
        // 2026-11-25 is a Wednesday of week 48.
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2026, 11, 25)) == "2026-W48")
        // Sunday 23:59:59 and the Monday after are different weeks.
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2026, 11, 29, 23, 59, 59)) == "2026-W48")
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2026, 11, 30)) == "2026-W49")
        // Week 1 of 2026 starts on Monday 2025-12-29; 2027-01-01 (a Friday) is in 2026-W53.
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2025, 12, 28, 23, 59, 59)) == "2025-W52")
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2025, 12, 29)) == "2026-W01")
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2027, 1, 1)) == "2026-W53")
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2027, 1, 4)) == "2027-W01")
        // 2021-01-03 (a Sunday) still belongs to 2020's last week.
        #expect(LeaderboardPeriod.weekly.key(at: Self.millis(2021, 1, 3)) == "2020-W53")
        #expect(CivilDay.isoWeeks(in: 2026) == 53)
        #expect(CivilDay.isoWeeks(in: 2027) == 52)
    }

    @Test func keysAreCheckedPerPeriod() {
        #expect(LeaderboardPeriod.daily.isKey("2024-02-29"))
        #expect(!LeaderboardPeriod.daily.isKey("2025-02-29"))
        #expect(!LeaderboardPeriod.daily.isKey("2025-2-01"))
        #expect(!LeaderboardPeriod.daily.isKey("1999-12-31"))
        #expect(LeaderboardPeriod.weekly.isKey("2026-W53"))
        #expect(!LeaderboardPeriod.weekly.isKey("2027-W53"))
        #expect(!LeaderboardPeriod.weekly.isKey("2026-W00"))
        #expect(LeaderboardPeriod.monthly.isKey("2026-12"))
        #expect(!LeaderboardPeriod.monthly.isKey("2026-13"))
        #expect(!LeaderboardPeriod.monthly.isKey("2026-+1"))
        #expect(LeaderboardPeriod.allTime.isKey("all"))
        #expect(!LeaderboardPeriod.allTime.isKey("2026"))
    }

    @Test func civilDaysRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let day = CivilDay(daysSince1970: days)
            #expect(day.daysSince1970 == days)
        }
        #expect(CivilDay(daysSince1970: 0) == CivilDay(year: 1970, month: 1, day: 1))
        #expect(LeaderboardPeriod.daily.key(at: -1) == "1969-12-31")
    }
}
