import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// ParlorMiniApps: the mini-app catalogue and single sign-on, over Accounts' app-scoped tokens.
///
/// The mini-app catalogue and single sign-on: launch codes, their exchange for app tokens, introspection.
package struct MiniAppService: Sendable {
    let accounts: AccountService

    package init(accounts: AccountService) {
        self.accounts = accounts
    }

    var database: Database { accounts.database }
    var now: @Sendable () -> Date { accounts.now }

    /// The fields an admin sends; nil leaves a field as it is (or takes its default on create).
    struct Fields: Sendable {
        var name: String?
        var description: String?
        var iconURL: String?
        var launchURL: String?
        var allowedOrigins: [String]?
        var category: String?
        var enabled: Bool?
    }

    func list(enabledOnly: Bool) async throws -> [MiniAppRecord] {
        try await database.withConnection { sql in try await MiniAppStore.all(enabledOnly: enabledOnly, on: sql) }
    }

    func find(_ id: String) async throws -> MiniAppRecord {
        guard id.count <= 40, let app = try await database.withConnection({ sql in try await MiniAppStore.find(id, on: sql) }) else {
            throw APIError.notFound("no mini app '\(id.prefix(40))'")
        }
        return app
    }

    /// Adds an app and returns it with its secret, which is not kept.
    func create(id: String, _ fields: Fields, by actor: String, reason: String?) async throws -> (MiniAppRecord, secret: String) {
        var validator = FieldValidator()
        if let problem = MiniAppRules.idProblem(id) { validator.fail("id", problem) }
        let secret = Secrets.randomToken()
        let time = now().millis
        var app = MiniAppRecord(
            id: id, name: "", description: "", iconUrl: "", launchUrl: "", allowedOrigins: "[]", category: "games", enabled: 1,
            secretHash: Secrets.hash(secret), createdAt: time, updatedAt: time)
        apply(fields, to: &app, requireAll: true, validator: &validator)
        try validator.validate()
        let created = app
        // The retrying transaction turns a concurrent create of the same id into 409, not a key violation.
        try await accounts.transaction { sql in
            guard try await MiniAppStore.find(created.id, on: sql) == nil else {
                throw APIError.conflict("a mini app with id '\(created.id)' exists")
            }
            try await MiniAppStore.insert(created, on: sql)
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: "miniapp.create", targetKind: "miniapp", targetID: created.id, reason: reason), at: time, on: sql)
        }
        return (created, secret)
    }

    func update(_ id: String, _ fields: Fields, by actor: String, reason: String?) async throws -> MiniAppRecord {
        var app = try await find(id)
        var validator = FieldValidator()
        apply(fields, to: &app, requireAll: false, validator: &validator)
        try validator.validate()
        app.updatedAt = now().millis
        let updated = app
        try await database.transaction { sql in
            try await MiniAppStore.update(updated, on: sql)
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: "miniapp.update", targetKind: "miniapp", targetID: id, reason: reason), at: updated.updatedAt, on: sql)
        }
        return updated
    }

    func delete(_ id: String, by actor: String, reason: String?) async throws {
        let time = now().millis
        try await database.transaction { sql in
            guard try await MiniAppStore.delete(id, on: sql) else { throw APIError.notFound("no mini app '\(id.prefix(40))'") }
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: "miniapp.delete", targetKind: "miniapp", targetID: id, reason: reason), at: time, on: sql)
        }
    }

    /// A new secret; the old one stops working at once.
    func rotateSecret(_ id: String, by actor: String, reason: String?) async throws -> (MiniAppRecord, secret: String) {
        var app = try await find(id)
        let secret = Secrets.randomToken()
        app.secretHash = Secrets.hash(secret)
        app.updatedAt = now().millis
        let updated = app
        try await database.transaction { sql in
            try await MiniAppStore.update(updated, on: sql)
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: "miniapp.rotate_secret", targetKind: "miniapp", targetID: id, reason: reason), at: updated.updatedAt,
                on: sql)
        }
        return (updated, secret)
    }

    private func apply(_ fields: Fields, to app: inout MiniAppRecord, requireAll: Bool, validator: inout FieldValidator) {
        if let name = fields.name {
            validator.check(!name.trimmingCharacters(in: .whitespaces).isEmpty && name.count <= 60, "name", "must be 1–60 characters")
            app.name = name
        } else if requireAll {
            validator.fail("name", "is required")
        }
        if let description = fields.description {
            validator.check(description.count <= 500, "description", "must be at most 500 characters")
            app.description = description
        }
        if let icon = fields.iconURL {
            validator.check(icon.isEmpty || MiniAppRules.origin(of: icon) != nil, "icon_url", "must be an http(s) URL")
            app.iconUrl = icon
        }
        if let category = fields.category {
            validator.check(!category.isEmpty && category.count <= 30, "category", "must be 1–30 characters")
            app.category = category
        }
        if let enabled = fields.enabled { app.enabled = enabled ? 1 : 0 }
        var origins = Self.origins(app)
        if let given = fields.allowedOrigins {
            let parsed = given.map { MiniAppRules.origin($0) }
            validator.check(!given.isEmpty && given.count <= 20, "allowed_origins", "must list 1–20 origins")
            for (index, origin) in parsed.enumerated() where origin == nil {
                validator.fail("allowed_origins[\(index)]", "must be an origin like https://games.example.com (no path)")
            }
            origins = parsed.compactMap { $0 }
            app.allowedOrigins = Self.encode(origins)
        }
        if let launch = fields.launchURL { app.launchUrl = launch } else if requireAll { validator.fail("launch_url", "is required") }
        if !app.launchUrl.isEmpty || fields.launchURL != nil {
            let origin = MiniAppRules.origin(of: app.launchUrl)
            validator.check(origin != nil, "launch_url", "must be an http(s) URL")
            if let origin { validator.check(origins.contains(origin), "launch_url", "must lie within one of allowed_origins") }
        }
    }

    static func origins(_ app: MiniAppRecord) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(app.allowedOrigins.utf8))) ?? []
    }

    static func encode(_ origins: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(origins), as: UTF8.self)) ?? "[]"
    }
}
