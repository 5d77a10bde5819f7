import ParlorHTTP
import SQLKit

/// SQL for `console_sessions`.
package enum ConsoleSessionStore {
    package static func insert(_ session: ConsoleSession, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "console_sessions").model(session, keyEncodingStrategy: .convertToSnakeCase).run()
    }

    /// The live session the cookie `token` names: not ended, before its absolute end, and used
    /// within `idle` milliseconds.
    package static func live(token: String, now: Int64, idle: Int64, on sql: any SQLDatabase) async throws -> ConsoleSession? {
        try await sql.select().column("*").from("console_sessions")
            .where("id", .equal, Secrets.hash(token))
            .where("ended_at", .is, SQLLiteral.null)
            .where("expires_at", .greaterThan, now)
            .where("last_seen_at", .greaterThan, now - idle)
            .first(decoding: ConsoleSession.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    /// Notes use, at most once a minute (or a quarter of the idle limit, when that is shorter), so
    /// reading pages does not write on every request yet a session in use never goes idle.
    package static func touch(_ session: ConsoleSession, now: Int64, idle: Int64, on sql: any SQLDatabase) async throws {
        guard now - session.lastSeenAt >= min(60_000, idle / 4) else { return }
        try await sql.update("console_sessions").set("last_seen_at", to: now).where("id", .equal, session.id).run()
    }

    package static func completeSecondFactor(_ id: String, on sql: any SQLDatabase) async throws {
        try await sql.update("console_sessions").set("second_factor_pending", to: 0).where("id", .equal, id).run()
    }

    /// Ends one live session; only `userID`'s unless `userID` is nil (an admin ending anyone's).
    /// The owner of the session ended, or nil when there was none to end.
    @discardableResult
    package static func end(_ id: String, of userID: String?, at now: Int64, on sql: any SQLDatabase) async throws -> String? {
        var select = sql.select().column("user_id").from("console_sessions").where("id", .equal, id).where("ended_at", .is, SQLLiteral.null)
        if let userID { select = select.where("user_id", .equal, userID) }
        guard let owner = try await select.first()?.decode(column: "user_id", as: String.self) else { return nil }
        try await sql.update("console_sessions").set("ended_at", to: now).where("id", .equal, id).run()
        return owner
    }

    /// Ends every session of `userID` but `keeping`.
    package static func endAll(of userID: String, keeping: String?, at now: Int64, on sql: any SQLDatabase) async throws {
        var update = sql.update("console_sessions").set("ended_at", to: now).where("user_id", .equal, userID).where("ended_at", .is, SQLLiteral.null)
        if let keeping { update = update.where("id", .notEqual, keeping) }
        try await update.run()
    }

    /// Live sessions, newest use first: `userID`'s, or every staff member's when nil.
    package static func list(of userID: String?, now: Int64, idle: Int64, on sql: any SQLDatabase) async throws -> [ConsoleSession] {
        var select = sql.select().column("*").from("console_sessions")
            .where("ended_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, now).where("last_seen_at", .greaterThan, now - idle)
            .orderBy("last_seen_at", .descending).limit(200)
        if let userID { select = select.where("user_id", .equal, userID) }
        return try await select.all(decoding: ConsoleSession.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    package static func setFlash(_ id: String, notice: String?, problem: String?, on sql: any SQLDatabase) async throws {
        try await sql.update("console_sessions").set("flash_notice", to: notice).set("flash_problem", to: problem).where("id", .equal, id).run()
    }
}
