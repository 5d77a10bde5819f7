import AppFoundation
import Foundation
import Testing

@Suite struct FormattingTests {
    @Test func moneyIsExactFromCents() {
        #expect(Formatting.money(cents: 0) == "$0.00")
        #expect(Formatting.money(cents: 5) == "$0.05")
        #expect(Formatting.money(cents: 123_450) == "$1,234.50")
        #expect(Formatting.money(cents: 100_000_000_07) == "$100,000,000.07")
        #expect(Formatting.money(cents: -300) == "-$3.00")
    }

    @Test func prizePoolsAreCompact() {
        #expect(Formatting.compactMoney(cents: 150_000_000) == "$1.5M")
        #expect(Formatting.compactMoney(cents: 100_000_000) == "$1M")
        #expect(Formatting.compactMoney(cents: 2_500_000) == "$25K")
        #expect(Formatting.compactMoney(cents: 2_549_900) == "$25.5K")
        #expect(Formatting.compactMoney(cents: 95_099) == "$950")
        #expect(Formatting.compactMoney(cents: 300_000_000_000) == "$3B")
        #expect(Formatting.compactMoney(cents: -2_500_000) == "-$25K")
    }

    @Test func clocksCountDown() {
        #expect(Formatting.clock(.seconds(7)) == "0:07")
        #expect(Formatting.clock(.seconds(245)) == "4:05")
        #expect(Formatting.clock(.seconds(3_723)) == "1:02:03")
        #expect(Formatting.clock(.milliseconds(59_999)) == "0:59")
        #expect(Formatting.clock(.seconds(-4)) == "0:00")
    }

    @Test func relativeTimes() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(Formatting.relative(now.addingTimeInterval(-10), to: now) == "just now")
        #expect(Formatting.relative(now.addingTimeInterval(-300), to: now) == "5 min ago")
        #expect(Formatting.relative(now.addingTimeInterval(600), to: now) == "in 10 min")
        #expect(Formatting.relative(now.addingTimeInterval(-3 * 3_600), to: now) == "3 h ago")
        #expect(Formatting.relative(now.addingTimeInterval(-30 * 3_600), to: now) == "yesterday")
        #expect(Formatting.relative(now.addingTimeInterval(30 * 3_600), to: now) == "tomorrow")
        #expect(Formatting.relative(now.addingTimeInterval(-4 * 86_400), to: now) == "4 days ago")
        #expect(Formatting.relative(now.addingTimeInterval(-40 * 86_400), to: now) == "Dec 6, 2026")
    }

    @Test func ratingChangesCarryTheirSign() {
        #expect(Formatting.ratingChange(12) == "+12")
        #expect(Formatting.ratingChange(-8) == "\u{2212}8")
        #expect(Formatting.ratingChange(0) == "±0")
    }
}
