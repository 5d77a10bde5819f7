import AppFoundation
import ParlorClient
import Testing

@Suite struct ErrorPresentationTests {
    @Test func eachKindReadsAsTheSeedsErrorCases() {
        let cases: [(ParlorError, String, RecoveryAction?)] = [
            (ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "connection refused"), "No internet connection", .retry),
            (ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session ended", status: 401), "Please sign in again", .signInAgain),
            (ParlorError(kind: .notYourTurn, code: "not_your_turn", message: "it is P2's turn", status: 409), "It's not your turn", nil),
            (ParlorError(kind: .insufficientBalance, code: "insufficient_balance", message: "the entry fee is $25.00", status: 402), "Insufficient balance", .addFunds),
            (ParlorError(kind: .rateLimited, code: "rate_limited", message: "slow down", status: 429, retryAfter: 12), "Too many tries", .wait(seconds: 12)),
            (ParlorError(kind: .serverError, code: "internal", message: "internal error", status: 503), "Server error (503)", .retry),
        ]
        for (error, title, recovery) in cases {
            let shown = ErrorPresentation(error)
            #expect(shown.title == title)
            #expect(shown.recovery == recovery)
        }
    }

    @Test func theServersSentenceComesFirstThenWhatToDo() {
        let shown = ErrorPresentation(ParlorError(kind: .insufficientBalance, code: "insufficient_balance", message: "the entry fee is $25.00", status: 402))
        #expect(shown.message == "The entry fee is $25.00. Add funds to continue.")
        let noAnswer = ErrorPresentation(ParlorError(kind: .timeout, code: "timeout", message: "no answer within 30 s"))
        #expect(noAnswer.message == "The server is slow to answer; try again in a moment.")
    }

    @Test func fieldErrorsNameTheirFields() {
        let error = ParlorError(
            kind: .invalidInput, code: "invalid_fields", message: "some fields are invalid", status: 400,
            fields: [.init(field: "username", message: "3 to 20 letters"), .init(field: "email", message: "not an address")])
        let shown = ErrorPresentation(error)
        #expect(shown.title == "Check what you entered")
        #expect(shown.message == "Username: 3 to 20 letters; email: not an address. Check username, email.")
        #expect(RecoveryAction.wait(seconds: 5).label == "Try Again in 5 s")
    }
}
