import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Mini apps, admins only: the catalogue, a new app, an app's page (edit, rotate the secret,
/// delete). A client secret is drawn once, in the answer to the action that made it, and kept
/// nowhere by the console: not in the session, not in a flash, not on any later page.
extension ConsoleRoutes {
    func registerMiniApps() {
        page("/console/mini-apps", role: .admin) { request in .page(try await MiniAppListPage.load(request, form: MiniAppForm())) }
        action("/console/mini-apps", role: .admin, back: { _ in "/console/mini-apps" }) { request in
            var form = MiniAppForm(request.form)
            do {
                let reason = try request.form.required("reason", label: "A reason")
                let input = Components.Schemas.MiniAppInput(
                    id: form.id.trimmingCharacters(in: .whitespaces), name: form.name, description: form.description, iconUrl: form.iconURL.isEmpty ? nil : form.iconURL,
                    launchUrl: form.launchURL, allowedOrigins: MiniAppForm.origins(form.origins), category: form.category.isEmpty ? nil : form.category,
                    enabled: form.enabled, reason: reason)
                let made = try await request.call { api in try await api.adminCreateMiniApp(.init(body: .json(input))) }.created.body.json
                return .page(MiniAppSecretPage.page(made, created: true))
            } catch {
                // Shown above the form with everything typed kept.
                form.problem = ConsoleRoutes.problemText(error)
                return .page(try await MiniAppListPage.load(request, form: form, status: .unprocessableContent))
            }
        }
        page("/console/mini-apps/:id", role: .admin) { request in .page(try await MiniAppPage.load(request)) }
        let appPath: @Sendable (ConsoleRequest) -> String = { "/console/mini-apps/\((try? $0.parameter("id")) ?? "")" }
        action("/console/mini-apps/:id/edit", role: .admin, back: appPath) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let form = MiniAppForm(request.form)
            let update = Components.Schemas.MiniAppUpdate(
                name: form.name, description: form.description, iconUrl: form.iconURL, launchUrl: form.launchURL,
                allowedOrigins: MiniAppForm.origins(form.origins), category: form.category.isEmpty ? nil : form.category, enabled: form.enabled,
                reason: reason)
            let after = try await request.call { api in try await api.adminUpdateMiniApp(.init(path: .init(id: id), body: .json(update))) }.ok.body.json
            return .redirect(appPath(request), notice: "Saved \(after.name): \(after.allowedOrigins.count) allowed origin\(after.allowedOrigins.count == 1 ? "" : "s").")
        }
        action("/console/mini-apps/:id/rotate", role: .admin, back: appPath) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let made = try await request.call { api in try await api.adminRotateMiniAppSecret(.init(path: .init(id: id), query: .init(reason: reason))) }.ok.body.json
            return .page(MiniAppSecretPage.page(made, created: false))
        }
        action("/console/mini-apps/:id/delete", role: .admin, back: appPath) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            _ = try await request.call { api in try await api.adminDeleteMiniApp(.init(path: .init(id: id), query: .init(reason: reason))) }.noContent
            return .redirect("/console/mini-apps", notice: "Deleted the mini app \(id); its launch codes no longer work.")
        }
    }

    /// What an operator reads for a refusal shown inside a page rather than as a flash.
    static func problemText(_ error: any Error) -> String { Console.describe(error).1 }
}

/// The create and edit forms' fields, as typed.
struct MiniAppForm {
    var id = ""
    var name = ""
    var description = ""
    var iconURL = ""
    var launchURL = ""
    var origins = ""
    var category = ""
    var enabled = true
    var reason = ""
    var problem: String?

    init() {}

    init(_ form: ConsoleForm) {
        id = form["id"] ?? ""
        name = form["name"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        description = form["description"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        iconURL = form["icon_url"]?.trimmingCharacters(in: .whitespaces) ?? ""
        launchURL = form["launch_url"]?.trimmingCharacters(in: .whitespaces) ?? ""
        origins = form["allowed_origins"] ?? ""
        category = form["category"]?.trimmingCharacters(in: .whitespaces) ?? ""
        // An unticked box sends nothing.
        enabled = form["enabled"] == "on"
        reason = form["reason"] ?? ""
    }

    /// One origin a line (commas and spaces also separate), blanks dropped.
    static func origins(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init).filter { !$0.isEmpty }
    }
}

/// `/console/mini-apps`: the catalogue and the new-app form.
struct MiniAppListPage {
    struct Row {
        var id: String
        var name: String
        var launchURL: String
        var origins: [String]
        var category: String
        var enabled: Bool
        var updated: String
    }

    var apps: [Row]
    var form: MiniAppForm
    var pager: ConsolePager

    static let pageSize = 50

    static func load(_ request: ConsoleRequest, form: MiniAppForm, status: HTTPResponse.Status = .ok) async throws -> ConsolePage {
        let apps = try await request.call { api in try await api.adminListMiniApps(.init()) }.ok.body.json.apps
        // The API answers the whole catalogue; the console shows it fifty at a time.
        let offset = max(0, min(Int(request.query["cursor"] ?? "") ?? 0, apps.count))
        let shown = apps[offset..<min(offset + pageSize, apps.count)]
        let model = MiniAppListPage(
            apps: shown.map {
                Row(
                    id: $0.id, name: $0.name, launchURL: $0.launchUrl, origins: $0.allowedOrigins, category: $0.category,
                    enabled: $0.enabled, updated: ConsoleFormat.time($0.updatedAt))
            },
            form: form,
            pager: ConsolePager(path: "/console/mini-apps", query: [:], nextCursor: offset + pageSize < apps.count ? String(offset + pageSize) : nil))
        return ConsolePage(title: "Mini apps", template: "miniApps", model: model, section: .miniApps, status: status)
    }
}

/// `/console/mini-apps/:id`: one app, its edit form, and the secret's rotation and the delete.
struct MiniAppPage {
    var id: String
    var name: String
    var description: String
    var iconURL: String
    var launchURL: String
    var origins: String
    var category: String
    var enabled: Bool
    var created: String
    var updated: String

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let id = try request.parameter("id")
        let app = try await request.call { api in try await api.adminGetMiniApp(.init(path: .init(id: id))) }.ok.body.json
        let model = MiniAppPage(
            id: app.id, name: app.name, description: app.description, iconURL: app.iconUrl, launchURL: app.launchUrl,
            origins: app.allowedOrigins.joined(separator: "\n"), category: app.category, enabled: app.enabled, created: ConsoleFormat.time(app.createdAt),
            updated: ConsoleFormat.time(app.updatedAt))
        return ConsolePage(title: app.name, template: "miniApp", model: model, section: .miniApps)
    }
}

/// The one page that ever shows a client secret: the answer to its creation or rotation.
struct MiniAppSecretPage {
    var id: String
    var name: String
    var secret: String
    var created: Bool

    static func page(_ made: Components.Schemas.MiniAppWithSecret, created: Bool) -> ConsolePage {
        ConsolePage(
            title: created ? "Mini app created" : "New secret for \(made.app.name)", template: "miniAppSecret",
            model: MiniAppSecretPage(id: made.app.id, name: made.app.name, secret: made.clientSecret, created: created), section: .miniApps)
    }
}
