import SQLKit

/// What a capability forgets when a user deletes their account.
///
/// Accounts owns the deletion but not the data other capabilities keep about the user, so each
/// capability that keeps some registers an eraser with the server root. Every eraser runs inside
/// the deletion's own transaction: the account is forgotten everywhere or nowhere.
package protocol AccountErasureHook: Sendable {
    /// Forgets `user` on `sql`, the deletion's transaction, and returns the work to do once that
    /// transaction has committed (telling other nodes, finishing games the user sat in).
    func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp
}

/// Work an eraser leaves for after the deletion has committed; it cannot undo the deletion, so it
/// only logs its own failures.
package struct ErasureFollowUp: Sendable {
    package let run: @Sendable () async -> Void

    package init(_ run: @escaping @Sendable () async -> Void) {
        self.run = run
    }

    package static let none = ErasureFollowUp {}
}
