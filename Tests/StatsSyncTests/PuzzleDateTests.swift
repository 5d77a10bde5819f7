import Testing

@testable import StatsSync

@Suite struct PuzzleDateTests {
    @Test func roundTripsEveryDayOfFourHundredYears() {
        var date = PuzzleDate(year: 2000, month: 1, day: 1)
        #expect(date.description == "2000-01-01")
        for _ in 0..<146_097 {
            let next = date.adding(days: 1)
            #expect(PuzzleDate(next.description) == next)
            date = next
        }
        #expect(date.description == "2400-01-01")
    }

    @Test func refusesWhatIsNotARealDate() {
        for text in ["2025-02-29", "2025-13-01", "2025-00-10", "1999-12-31", "2025-1-01", "2025/01/01", "", "20250101xx"] {
            #expect(PuzzleDate(text) == nil, "\(text)")
        }
        #expect(PuzzleDate("2024-02-29") != nil)
        #expect(PuzzleDate(unixMillis: 0).description == "1970-01-01")
        #expect(PuzzleDate(unixMillis: -1).description == "1969-12-31")
    }
}
