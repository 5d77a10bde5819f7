import SQLKit

/// A table of work any node may take on — the push, mail and Apple-revocation outboxes. Each row is
/// due at `due_at`; a claim sets `claimed_until` (its lease) and counts one more of `attempts`, and
/// until the lease ends no other node takes the row, after it one does (the claimer died). A queue
/// that keeps what it did marks done rows `finished_at`; one that keeps nothing deletes them.
package struct LeasedQueue: Sendable {
    package let table: String
    /// Done rows stay, with `finished_at` set, rather than being deleted.
    package let keepsFinished: Bool

    package init(table: String, keepsFinished: Bool) {
        self.table = table
        self.keepsFinished = keepsFinished
    }

    /// Whether any row is due: a plain read, so an idle tick takes no write lock.
    package func anyDue(at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("SELECT 1 AS due FROM \(ident: table) WHERE \(due(at: time)) LIMIT 1").first() != nil
    }

    /// Claims up to `limit` due rows, the longest due first, until `leaseEnd`, and answers their
    /// `columns`. PostgreSQL's `SKIP LOCKED` keeps two nodes from claiming one row; SQLite has one
    /// writer anyway.
    package func claim(limit: Int, at time: Int64, leaseEnd: Int64, returning columns: [String], on sql: any SQLDatabase) async throws -> [any SQLRow] {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE SKIP LOCKED"
        return try await sql.raw("""
            UPDATE \(ident: table) SET claimed_until = \(bind: leaseEnd), attempts = attempts + 1
            WHERE id IN (SELECT id FROM \(ident: table) WHERE \(due(at: time)) ORDER BY due_at LIMIT \(bind: limit)\(lock))
            RETURNING \(idents: columns, joinedBy: ", ")
            """).all()
    }

    /// Row `id` is to be tried again at `due`: its lease ends now.
    package func reschedule(_ id: String, due: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update(table).set("due_at", to: SQLBind(due)).set("claimed_until", to: SQLLiteral.null).where("id", .equal, id).run()
    }

    /// Unclaimed (or its claim lapsed), due, and not done.
    private func due(at time: Int64) -> SQLQueryString {
        let open: SQLQueryString = keepsFinished ? "finished_at IS NULL AND " : ""
        return "\(open)due_at <= \(bind: time) AND (claimed_until IS NULL OR claimed_until <= \(bind: time))"
    }
}
