import Foundation
import ParlorAccounts
import ParlorAPI

/// App Store Server Notifications as received (`adminListPurchaseNotifications`).
extension ConsoleRoutes {
    func registerPurchases() {
        page("/console/purchases", role: .admin) { request in
            .page(ConsolePage(title: "App Store notifications", template: "purchases", model: try await PurchasesPage.load(request), section: .purchases))
        }
    }
}

struct PurchasesPage {
    struct Row {
        var uuid: String
        var type: String
        var subtype: String?
        var originalTransactionId: String?
        var signedAt: String
        var receivedAt: String
        var outcome: String
        var processed: Bool
        var explanation: String
    }

    var rows: [Row]
    var pager: ConsolePager

    static func load(_ request: ConsoleRequest) async throws -> PurchasesPage {
        let filters = FilterReader(request)
        let cursor = try filters.cursor()
        let page = try await request.call { api in
            try await api.adminListPurchaseNotifications(.init(query: .init(cursor: cursor, limit: FilterReader.pageSize))).ok.body.json
        }
        return PurchasesPage(
            rows: page.notifications.map(row), pager: ConsolePager(path: request.path, query: filters.kept, nextCursor: page.next))
    }

    static func row(_ notification: Components.Schemas.AdminPurchaseNotification) -> Row {
        Row(
            uuid: notification.notificationUuid, type: notification.notificationType, subtype: notification.subtype,
            originalTransactionId: notification.originalTransactionId, signedAt: ConsoleFormat.time(notification.signedAt),
            receivedAt: ConsoleFormat.time(notification.receivedAt), outcome: notification.outcome,
            processed: notification.outcome == "applied" || notification.outcome == "duplicate", explanation: explain(notification.outcome))
    }

    /// What each outcome the purchases capability records means for an operator.
    static func explain(_ outcome: String) -> String {
        switch outcome {
        case "applied": "Applied to the purchase and its entitlements."
        case "duplicate": "Already applied once; Apple sent it again."
        case "ignored": "Not acted on: it carried no purchase, or newer news was already stored."
        case "unknown_user": "About a purchase no account here has verified yet; the app's own verify call grants it."
        default: "Recorded as “\(outcome)”."
        }
    }
}

extension ConsoleTemplates {
    static let purchases: [String: String] = [
        "purchases": #"""
            {{#page}}
            <section class="card">
            <p class="muted">As Apple sent them, newest first, with what the server did with each.</p>
            <table>
            <thead><tr><th>Received</th><th>Type</th><th>Original transaction</th><th>Signed</th><th>Outcome</th><th>Notification</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><td>{{receivedAt}}</td><td>{{type}}{{#subtype}} <span class="muted">/ {{subtype}}</span>{{/subtype}}</td>
            <td class="wrap">{{#originalTransactionId}}<code>{{originalTransactionId}}</code>{{/originalTransactionId}}{{^originalTransactionId}}<span class="muted">—</span>{{/originalTransactionId}}</td>
            <td>{{signedAt}}</td>
            <td><span class="tag{{#processed}} good{{/processed}}{{^processed}} bad{{/processed}}">{{outcome}}</span><br><span class="muted">{{explanation}}</span></td>
            <td class="wrap"><code>{{uuid}}</code></td></tr>
            {{/rows}}
            {{^rows}}<tr><td colspan="6" class="muted">No notification from the App Store yet.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#
    ]
}
