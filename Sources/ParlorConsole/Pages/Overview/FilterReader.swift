import Foundation

/// Reads a list page's filters from its query string, checked as the API's contract checks them
/// (the console calls the API's handlers directly, past the HTTP layer's own checks), so a bad
/// value is answered with a sentence naming it rather than an empty or failed list.
struct FilterReader {
    let query: [String: String]

    /// How many rows a console list shows at once.
    static let pageSize = 25

    init(_ request: ConsoleRequest) { query = request.query }

    /// The trimmed value of `name`, nil when absent or blank.
    func text(_ name: String, label: String, maxLength: Int = 64) throws -> String? {
        guard let value = query[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        guard value.count <= maxLength else { throw ConsoleProblem("\(label) is too long: at most \(maxLength) characters.") }
        return value
    }

    /// One of `Choice`'s values, nil when absent or blank.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, label: String, as _: Choice.Type) throws -> Choice?
    where Choice.RawValue == String {
        guard let value = try text(name, label: label) else { return nil }
        guard let choice = Choice(rawValue: value) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConsoleProblem("\(label) “\(value)” is not one the console knows; choose one of: \(known).")
        }
        return choice
    }

    /// The API's `next` of the previous page.
    func cursor() throws -> String? { try text("cursor", label: "The page link", maxLength: 200) }

    /// The filters as they were sent, for the pager's next link.
    var kept: [String: String] { query.filter { $0.key != "cursor" } }
}
