import Foundation
import ParlorAccounts
import ParlorAPI

/// The push outbox and what each device answered (`adminListPushNotifications`).
extension ConsoleRoutes {
    func registerPush() {
        page("/console/push", role: .admin) { request in
            .page(ConsolePage(title: "Push notifications", template: "push", model: try await PushPage.load(request), section: .push))
        }
    }
}

struct PushPage {
    typealias State = Operations.AdminListPushNotifications.Input.Query.StatePayload

    struct Row {
        var id: String
        var userId: String
        var kind: String
        var pushType: String
        var product: String
        var attempts: Int
        var createdAt: String
        var state: String
        var failed: Bool
        var pending: Bool
        var when: String
        var lastError: String?
        var deliveries: [Delivery]
    }

    struct Delivery {
        var tokenSuffix: String
        var status: Int
        var reason: String?
        var at: String
        var ok: Bool
    }

    struct Option {
        var value: String
        var label: String
        var selected: Bool
    }

    var pending: String
    var failedLastDay: String
    var userId: String
    var states: [Option]
    var rows: [Row]
    var pager: ConsolePager

    static func load(_ request: ConsoleRequest) async throws -> PushPage {
        let filters = FilterReader(request)
        let state = try filters.choice("state", label: "The state", as: State.self)
        let user = try filters.text("user", label: "The user id")
        let cursor = try filters.cursor()
        let page = try await request.call { api in
            try await api.adminListPushNotifications(
                .init(query: .init(userId: user, state: state, cursor: cursor, limit: FilterReader.pageSize))).ok.body.json
        }
        let states = [Option(value: "", label: "Any state", selected: state == nil)]
            + State.allCases.map { Option(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == state) }
        return PushPage(
            pending: ConsoleFormat.grouped(Int64(page.pending)), failedLastDay: ConsoleFormat.grouped(Int64(page.failedLastDay)),
            userId: user ?? "", states: states, rows: page.notifications.map(row),
            pager: ConsolePager(path: request.path, query: filters.kept, nextCursor: page.next))
    }

    static func row(_ push: Components.Schemas.AdminPushNotification) -> Row {
        let deliveries = push.deliveries.map {
            Delivery(tokenSuffix: $0.tokenSuffix, status: $0.status, reason: $0.reason, at: ConsoleFormat.time($0.at), ok: $0.status == 200)
        }
        let refusal = push.deliveries.last { $0.status != 200 }
        let pending = push.finishedAt == nil
        let when = pending
            ? push.dueAt.map { "next try \(ConsoleFormat.time($0))" } ?? "due now"
            : push.finishedAt.map { "finished \(ConsoleFormat.time($0))" } ?? ""
        return Row(
            id: push.id, userId: push.userId, kind: push.kind, pushType: push.pushType, product: push.product ?? "—", attempts: push.attempts,
            createdAt: ConsoleFormat.time(push.createdAt), state: pending ? "pending" : (push.outcome ?? "finished"),
            failed: !pending && push.outcome != "sent", pending: pending, when: when,
            lastError: refusal.map { "\($0.status)\($0.reason.map { " \($0)" } ?? "")" }, deliveries: deliveries)
    }
}

extension ConsoleTemplates {
    static let push: [String: String] = [
        "push": #"""
            {{#page}}
            <div class="grid">
            <a class="card figure-link" href="/console/push?state=pending"><span class="muted">Queue now</span><span class="figure">{{pending}}</span></a>
            <a class="card figure-link" href="/console/push?state=failed"><span class="muted">Failed in the last day</span><span class="figure">{{failedLastDay}}</span></a>
            </div>
            <form class="filters card" method="get" action="/console/push">
            <label>State <select name="state">{{#states}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/states}}</select></label>
            <label>User id <input name="user" value="{{userId}}" maxlength="64"></label>
            <button type="submit">Filter</button> <a class="button secondary" href="/console/push">Clear</a>
            </form>
            <section class="card">
            <p class="muted">Newest first. Device tokens are shown by their last eight characters only.</p>
            <table>
            <thead><tr><th>Created</th><th>User</th><th>Kind</th><th>Product</th><th class="number">Attempts</th><th>State</th><th>Last error</th><th>Devices</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><td>{{createdAt}}</td><td class="wrap"><a href="/console/users/{{userId}}">{{userId}}</a></td><td>{{kind}} <span class="muted">({{pushType}})</span></td><td>{{product}}</td><td class="number">{{attempts}}</td>
            <td><span class="tag{{#failed}} bad{{/failed}}{{^failed}}{{^pending}} good{{/pending}}{{/failed}}">{{state}}</span><br><span class="muted">{{when}}</span></td>
            <td>{{#lastError}}<span class="tag bad">{{lastError}}</span>{{/lastError}}{{^lastError}}<span class="muted">—</span>{{/lastError}}</td>
            <td>{{#deliveries}}<div><code>…{{tokenSuffix}}</code> <span class="tag{{#ok}} good{{/ok}}{{^ok}} bad{{/ok}}">{{status}}{{#reason}} {{reason}}{{/reason}}</span> <span class="muted">{{at}}</span></div>{{/deliveries}}{{^deliveries}}<span class="muted">Not sent to any device yet.</span>{{/deliveries}}</td></tr>
            {{/rows}}
            {{^rows}}<tr><td colspan="8" class="muted">No notification matches.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#
    ]
}
