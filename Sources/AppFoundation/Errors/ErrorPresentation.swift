import Foundation
import ParlorClient

/// A failure as a screen shows it: a title, a sentence and what the player can do, in the words
/// of the seeds' error cases (TopDog's Appendix K: "No internet connection", "Please sign in
/// again", "Add funds to continue"). Every model turns a ``ParlorError`` into one of these, so
/// no screen words an error of its own.
public struct ErrorPresentation: Equatable, Sendable, Identifiable {
    public let id: String
    public let title: String
    public let message: String
    public let recovery: RecoveryAction?

    public init(title: String, message: String, recovery: RecoveryAction?, id: String? = nil) {
        self.title = title
        self.message = message
        self.recovery = recovery
        self.id = id ?? title + "|" + message
    }

    public init(_ error: ParlorError) {
        let (title, recovery) = Self.titleAndRecovery(error)
        self.init(title: title, message: Self.message(error), recovery: recovery, id: error.code + "|" + error.message)
    }

    private static func titleAndRecovery(_ error: ParlorError) -> (String, RecoveryAction?) {
        switch error.kind {
        case .networkUnavailable: ("No internet connection", .retry)
        case .timeout: ("The server is not answering", .retry)
        case .notAuthenticated, .sessionExpired: ("Please sign in again", .signInAgain)
        case .invalidCredentials: ("Wrong username or password", nil)
        case .forbidden: ("Not allowed", nil)
        case .notFound: ("Not found", .refresh)
        case .invalidInput: ("Check what you entered", nil)
        case .notYourTurn: ("It's not your turn", nil)
        case .conflict where takenCodes.contains(error.code): ("Already taken", nil)
        case .conflict: ("Things changed meanwhile", .refresh)
        case .paymentRequired: ("Purchase needed", .openStore)
        case .insufficientBalance: ("Insufficient balance", .addFunds)
        case .rateLimited: ("Too many tries", .wait(seconds: error.retryAfter ?? 30))
        case .accountSuspended: (error.suspendedUntil == nil ? "Account banned" : "Account suspended", nil)
        case .serverError: ("Server error" + (error.status.map { " (\($0))" } ?? ""), .retry)
        case .unexpectedResponse: ("Something went wrong", .retry)
        }
    }

    /// The server's own sentence where it said one (it names the field or the rule), then what
    /// to do about it.
    private static func message(_ error: ParlorError) -> String {
        let said = error.status == nil ? "" : sentence(error.message)
        let fields = error.fields.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        let detail = fields.isEmpty ? said : sentence(fields)
        let suggestion = takenCodes.contains(error.code) ? "Choose another." : error.recoverySuggestion
        return detail.isEmpty ? suggestion : detail + " " + suggestion
    }

    /// Conflicts that refreshing does not cure: the name or address belongs to someone else.
    private static let takenCodes: Set<String> = ["username_taken", "email_taken", "identity_in_use"]

    private static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return "" }
        let capitalised = first.uppercased() + trimmed.dropFirst()
        return capitalised.last.map { ".!?".contains($0) } == true ? capitalised : capitalised + "."
    }
}

/// What a screen offers beside dismissing an error.
public enum RecoveryAction: Equatable, Sendable {
    case retry
    case refresh
    case signInAgain
    case addFunds
    case openStore
    /// Offer to try again after this many seconds.
    case wait(seconds: Int)

    /// The button's title.
    public var label: String {
        switch self {
        case .retry: "Try Again"
        case .refresh: "Refresh"
        case .signInAgain: "Sign In"
        case .addFunds: "Add Funds"
        case .openStore: "Open Store"
        case .wait(let seconds): "Try Again in \(seconds) s"
        }
    }
}
