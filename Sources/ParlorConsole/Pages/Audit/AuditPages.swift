import Foundation
import ParlorAccounts
import ParlorAPI

/// What staff did (`adminListAudit`), filtered by actor, action and target.
extension ConsoleRoutes {
    func registerAudit() {
        page("/console/audit", role: .admin) { request in
            .page(ConsolePage(title: "Audit trail", template: "audit", model: try await AuditPage.load(request), section: .audit))
        }
    }
}

struct AuditPage {
    struct Row {
        var at: String
        var actor: String
        /// The actor's username, when they still have an account.
        var actorName: String?
        var actorHref: String?
        var action: String
        var targetKind: String
        var targetId: String
        var targetHref: String?
        var reason: String?
        var details: String?
    }

    var actor: String
    var action: String
    var targetKind: String
    var targetId: String
    var filtered: Bool
    var rows: [Row]
    var pager: ConsolePager

    static func load(_ request: ConsoleRequest) async throws -> AuditPage {
        let filters = FilterReader(request)
        let actor = try filters.text("actor", label: "The actor")
        let action = try filters.text("action", label: "The action")
        let targetKind = try filters.text("target_kind", label: "The target kind", maxLength: 32)
        let targetId = try filters.text("target_id", label: "The target id")
        let cursor = try filters.cursor()
        let page = try await request.call { api in
            try await api.adminListAudit(.init(query: .init(
                actor: actor, action: action, targetKind: targetKind, targetId: targetId, cursor: cursor, limit: FilterReader.pageSize))).ok.body.json
        }
        var names: [String: String] = [:]
        for id in Set(page.records.map(\.actor)) where id != "command-line" {
            // A name is a convenience beside the id: a deleted account simply shows its id.
            names[id] = try? await request.call { api in try await api.adminGetUser(.init(path: .init(userID: id))).ok.body.json.user.username }
        }
        return AuditPage(
            actor: actor ?? "", action: action ?? "", targetKind: targetKind ?? "", targetId: targetId ?? "",
            filtered: actor != nil || action != nil || targetKind != nil || targetId != nil,
            rows: page.records.map { row($0, actorName: names[$0.actor]) },
            pager: ConsolePager(path: request.path, query: filters.kept, nextCursor: page.next))
    }

    static func row(_ record: Components.Schemas.AuditRecord, actorName: String?) -> Row {
        let details = record.details.additionalProperties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
        return Row(
            at: ConsoleFormat.time(record.at), actor: record.actor, actorName: actorName, actorHref: record.actor == "command-line" ? nil : "/console/users/\(path(record.actor))",
            action: record.action, targetKind: record.targetKind, targetId: record.targetId,
            targetHref: href(kind: record.targetKind, id: record.targetId), reason: record.reason, details: details.isEmpty ? nil : details)
    }

    /// The console page of a target, for the kinds that have one.
    static func href(kind: String, id: String) -> String? {
        switch kind {
        case "user": "/console/users/\(path(id))"
        case "game": "/console/games/\(path(id))"
        case "tournament": "/console/topdog/tournaments/\(path(id))"
        case "draft_room": "/console/topdog/rooms/\(path(id))"
        case "report": "/console/reports"
        case "miniapp": "/console/mini-apps"
        default: nil
        }
    }

    /// An id as one path segment: an id holding a `/` or `?` must not reach another page.
    static func path(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }
}

extension ConsoleTemplates {
    static let audit: [String: String] = [
        "audit": #"""
            {{#page}}
            <form class="filters card" method="get" action="/console/audit">
            <label>Actor (user id) <input name="actor" value="{{actor}}" maxlength="64"></label>
            <label>Action <input name="action" value="{{action}}" maxlength="64" placeholder="user.suspend"></label>
            <label>Target kind <input name="target_kind" value="{{targetKind}}" maxlength="32" placeholder="user"></label>
            <label>Target id <input name="target_id" value="{{targetId}}" maxlength="64"></label>
            <button type="submit">Filter</button> <a class="button secondary" href="/console/audit">Clear</a>
            </form>
            <section class="card">
            <p class="muted">Every staff action, newest first, written in the same transaction as the action itself.</p>
            <table>
            <thead><tr><th>When</th><th>Actor</th><th>Action</th><th>Target</th><th>Reason</th><th>Details</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><td>{{at}}</td><td>{{#actorHref}}<a href="{{actorHref}}">{{#actorName}}{{actorName}}{{/actorName}}{{^actorName}}{{actor}}{{/actorName}}</a>{{/actorHref}}{{^actorHref}}{{actor}}{{/actorHref}}{{#actorName}}<br><code class="muted small">{{actor}}</code>{{/actorName}}</td><td><code>{{action}}</code></td>
            <td class="wrap">{{targetKind}} {{#targetHref}}<a href="{{targetHref}}">{{targetId}}</a>{{/targetHref}}{{^targetHref}}{{targetId}}{{/targetHref}}</td>
            <td>{{#reason}}{{reason}}{{/reason}}{{^reason}}<span class="muted">—</span>{{/reason}}</td><td>{{#details}}{{details}}{{/details}}</td></tr>
            {{/rows}}
            {{^rows}}<tr><td colspan="6" class="muted">{{#filtered}}No record matches these filters.{{/filtered}}{{^filtered}}No staff action yet.{{/filtered}}</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#
    ]
}
