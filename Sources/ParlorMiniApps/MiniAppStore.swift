import ParlorAccounts
import ParlorDatabase
import SQLKit

/// A row of `mini_apps`.
struct MiniAppRecord: Codable, Sendable, Equatable {
    var id: String
    var name: String
    var description: String
    var iconUrl: String
    var launchUrl: String
    /// A JSON array of origins.
    var allowedOrigins: String
    var category: String
    var enabled: Int64
    var secretHash: String
    var createdAt: Int64
    var updatedAt: Int64
}

/// SQL over `mini_apps` and `sso_codes`.
enum MiniAppStore {
    static func all(enabledOnly: Bool, on sql: any SQLDatabase) async throws -> [MiniAppRecord] {
        var query = sql.select().column("*").from("mini_apps")
        if enabledOnly { query = query.where("enabled", .equal, Int64(1)) }
        return try await query.orderBy("category").orderBy("name").orderBy("id").all()
            .map { try $0.decode(model: MiniAppRecord.self, keyDecodingStrategy: .convertFromSnakeCase) }
    }

    static func find(_ id: String, on sql: any SQLDatabase) async throws -> MiniAppRecord? {
        try await sql.select().column("*").from("mini_apps").where("id", .equal, id).first()?
            .decode(model: MiniAppRecord.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    static func insert(_ app: MiniAppRecord, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "mini_apps").model(app, keyEncodingStrategy: .convertToSnakeCase).run()
    }

    static func update(_ app: MiniAppRecord, on sql: any SQLDatabase) async throws {
        try await sql.update("mini_apps")
            .set("name", to: app.name).set("description", to: app.description).set("icon_url", to: app.iconUrl)
            .set("launch_url", to: app.launchUrl).set("allowed_origins", to: app.allowedOrigins).set("category", to: app.category)
            .set("enabled", to: app.enabled).set("secret_hash", to: app.secretHash).set("updated_at", to: app.updatedAt)
            .where("id", .equal, app.id).run()
    }

    /// Deletes the app; its codes go with it (foreign key cascade).
    static func delete(_ id: String, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.delete(from: "mini_apps").where("id", .equal, id).returning("id").all().count > 0
    }

    struct Grant: Sendable {
        var appID: String
        var userID: String
        var sessionID: String
    }

    static func createCode(hash: String, grant: Grant, now: Int64, expiresAt: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "sso_codes")
            .columns("code_hash", "app_id", "user_id", "session_id", "created_at", "expires_at")
            .values(SQLBind(hash), SQLBind(grant.appID), SQLBind(grant.userID), SQLBind(grant.sessionID), SQLBind(now), SQLBind(expiresAt))
            .run()
    }

    /// Uses the code if it is unused and unexpired; a second use finds nothing.
    static func consumeCode(hash: String, now: Int64, on sql: any SQLDatabase) async throws -> Grant? {
        guard let row = try await sql.update("sso_codes").set("used_at", to: now)
            .where("code_hash", .equal, hash).where("used_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, now)
            .returning("app_id", "user_id", "session_id").first()
        else { return nil }
        return Grant(
            appID: try row.decode(column: "app_id", as: String.self), userID: try row.decode(column: "user_id", as: String.self),
            sessionID: try row.decode(column: "session_id", as: String.self))
    }
}
