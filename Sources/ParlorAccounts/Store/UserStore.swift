import Foundation
import ParlorDatabase
import SQLKit

/// SQL over `users` and `identities`. Every function takes the connection (or transaction) to use.
enum UserStore {
    static let columns = [
        "id", "username", "username_key", "display_name", "email", "email_key", "email_verified", "avatar_url",
        "preferences", "password_hash", "role", "created_at", "last_active_at", "deleted_at", "locale",
    ]

    static func insert(_ user: UserRecord, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "users").model(user, keyEncodingStrategy: .convertToSnakeCase, nilEncodingStrategy: .asNil).run()
    }

    static func find(id: String, on sql: any SQLDatabase) async throws -> UserRecord? {
        try await one(sql.select().columns(columns).from("users").where("id", .equal, id))
    }

    static func displayName(of id: String, on sql: any SQLDatabase) async throws -> String? {
        try await sql.select().column("display_name").from("users").where("id", .equal, id).first()?
            .decode(column: "display_name", as: String.self)
    }

    /// Which of `ids` name users.
    /// The ids of the live users `names` name, each name an id or a username (ignoring case); an
    /// id wins over a username that happens to read the same.
    static func ids(named names: [String], on sql: any SQLDatabase) async throws -> [String: String] {
        let keys = names.map { $0.lowercased() }
        let rows = try await sql.select().column("id").column("username_key").from("users")
            .where { $0.where("id", .in, names).orWhere("username_key", .in, keys) }
            .where("deleted_at", .is, SQLLiteral.null).all()
        var byID: [String: String] = [:]
        var byUsername: [String: String] = [:]
        for row in rows {
            let id = try row.decode(column: "id", as: String.self)
            byID[id] = id
            byUsername[try row.decode(column: "username_key", as: String.self)] = id
        }
        var answer: [String: String] = [:]
        for name in names { answer[name] = byID[name] ?? byUsername[name.lowercased()] }
        return answer
    }

    /// A live (not deleted) user by username or email, ignoring case.
    static func find(login: String, on sql: any SQLDatabase) async throws -> UserRecord? {
        let key = login.lowercased()
        let column = key.contains("@") ? "email_key" : "username_key"
        return try await one(sql.select().columns(columns).from("users").where(SQLIdentifier(column), .equal, key).where("deleted_at", .is, SQLLiteral.null))
    }

    static func usernameTaken(_ username: String, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("id").from("users").where("username_key", .equal, username.lowercased()).first() != nil
    }

    static func emailTaken(_ email: String, excluding userID: String? = nil, on sql: any SQLDatabase) async throws -> Bool {
        var query = sql.select().column("id").from("users").where("email_key", .equal, email.lowercased())
        if let userID { query = query.where("id", .notEqual, userID) }
        return try await query.first() != nil
    }

    static func update(_ user: UserRecord, on sql: any SQLDatabase) async throws {
        try await sql.update("users")
            .set("username", to: user.username).set("username_key", to: user.usernameKey)
            .set("display_name", to: user.displayName)
            .set("email", to: user.email).set("email_key", to: user.emailKey).set("email_verified", to: user.emailVerified)
            .set("avatar_url", to: user.avatarUrl).set("preferences", to: user.preferences)
            .set("password_hash", to: user.passwordHash).set("role", to: user.role)
            .set("last_active_at", to: user.lastActiveAt).set("deleted_at", to: user.deletedAt).set("locale", to: user.locale)
            .where("id", .equal, user.id)
            .run()
    }

    /// Notes activity (at sign-in and refresh) at most once a minute.
    static func touch(_ userID: String, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update("users").set("last_active_at", to: now)
            .where("id", .equal, userID).where("last_active_at", .lessThan, now - touchInterval)
            .run()
    }

    static let touchInterval: Int64 = 60_000

    /// Sets the user's locale when they have none yet: the first sign-in's `Accept-Language`
    /// decides, and a later one (another device, another browser) does not overwrite it.
    static func adoptLocale(_ locale: String, for userID: String, on sql: any SQLDatabase) async throws {
        try await sql.update("users").set("locale", to: locale).where("id", .equal, userID).where("locale", .is, SQLLiteral.null).run()
    }

    static func locale(of userID: String, on sql: any SQLDatabase) async throws -> String? {
        try await sql.select().column("locale").from("users").where("id", .equal, userID).first()?
            .decode(column: "locale", as: String?.self)
    }

    /// `user` as ``touch(_:at:on:)`` leaves it.
    static func touched(_ user: UserRecord, at now: Int64) -> UserRecord {
        var user = user
        if user.lastActiveAt < now - touchInterval { user.lastActiveAt = now }
        return user
    }


    static func identity(provider: String, subject: String, on sql: any SQLDatabase) async throws -> IdentityRecord? {
        try await sql.select().columns("provider", "subject", "user_id", "email", "created_at").from("identities")
            .where("provider", .equal, provider).where("subject", .equal, subject)
            .first()?.decode(model: IdentityRecord.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    static func identities(of userID: String, on sql: any SQLDatabase) async throws -> [IdentityRecord] {
        try await sql.select().columns("provider", "subject", "user_id", "email", "created_at").from("identities")
            .where("user_id", .equal, userID).orderBy("created_at")
            .all().map { try $0.decode(model: IdentityRecord.self, keyDecodingStrategy: .convertFromSnakeCase) }
    }

    static func insert(_ identity: IdentityRecord, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "identities").model(identity, keyEncodingStrategy: .convertToSnakeCase, nilEncodingStrategy: .asNil).run()
    }

    static func deleteIdentities(of userID: String, provider: String? = nil, on sql: any SQLDatabase) async throws {
        var query = sql.delete(from: "identities").where("user_id", .equal, userID)
        if let provider { query = query.where("provider", .equal, provider) }
        try await query.run()
    }

    private static func one(_ query: SQLSelectBuilder) async throws -> UserRecord? {
        try await query.first()?.decode(model: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase)
    }
}
