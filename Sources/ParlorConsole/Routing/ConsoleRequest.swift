import Hummingbird
import ParlorAccounts
import ParlorAPI

/// One console request, as a page or action handler sees it: who is signed in, what was sent,
/// and a way to call the admin API as them.
package struct ConsoleRequest: Sendable {
    package let console: Console
    package let staff: StaffMember
    package let session: ConsoleSession
    /// The path without the query (`/console/users/42`).
    package let path: String
    package let query: [String: String]
    package let parameters: Parameters
    /// Empty for a GET.
    package let form: ConsoleForm

    /// The named path parameter (`:id`); a 404 problem when absent.
    package func parameter(_ name: String) throws -> String {
        guard let value = parameters.get(name), !value.isEmpty else { throw ConsoleNotFound() }
        return value
    }

    /// Runs `body` with the admin API as the signed-in staff member.
    package func call<T: Sendable>(_ body: (any APIProtocol) async throws -> T) async throws -> T {
        try await console.accounts.acting(as: staff, session: session.id) { try await body(console.api) }
    }

    package var isAdmin: Bool { staff.role == .admin }
}

/// A page that does not exist (an unknown id); answered 404.
package struct ConsoleNotFound: Error, Sendable {
    package var message: String
    package init(_ message: String = "There is nothing here.") { self.message = message }
}
