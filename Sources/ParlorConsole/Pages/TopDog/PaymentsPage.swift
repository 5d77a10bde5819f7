import Foundation
import ParlorAccounts
import ParlorAPI

/// `/console/topdog/payments`: deposits and withdrawals by status, and the provider's answer for
/// a pending one recorded by hand (settled or failed).
extension ConsoleRoutes {
    func registerTopDogPayments() {
        page("/console/topdog/payments", role: .admin) { request in .page(try await PaymentsPage.load(request)) }
        action("/console/topdog/payments/:id/resolve", role: .admin, back: { _ in "/console/topdog/payments" }) { request in
            let id = try request.parameter("id")
            guard UUID(uuidString: id) != nil else { throw ConsoleNotFound("There is no payment \(id).") }
            guard let outcome = request.form["outcome"], ["settled", "failed"].contains(outcome) else {
                throw ConsoleProblem("Choose whether the payment settled or failed.")
            }
            let reason = try request.form.required("reason", label: "A reason")
            guard reason.count <= 200 else { throw ConsoleProblem("The reason is longer than 200 characters.") }
            let after = try await request.call { api in
                try await api.adminResolvePayment(.init(path: .init(transactionID: id), body: .json(.init(status: outcome, reason: reason))))
            }.ok.body.json
            let what = after.kind.rawValue.capitalized
            return .redirect(
                "/console/topdog/payments", notice: "\(what) of \(TopDogFormat.money(abs(after.amountCents))) is \(after.status.rawValue).")
        }
    }
}

struct PaymentsPage {
    struct Row {
        var id: String
        var userID: String
        var kind: String
        var amount: String
        var status: String
        var tone: String
        var description: String
        var failure: String
        var created: String
        var settled: String
        var pending: Bool
    }

    struct Filter {
        var value: String
        var selected: Bool
    }

    var payments: [Row]
    var statuses: [Filter]
    var status: String
    var pager: ConsolePager

    static let pageSize = 25

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let wanted = request.query["status"] ?? "pending"
        guard let status = Operations.AdminListPayments.Input.Query.StatusPayload(rawValue: wanted) else {
            throw ConsoleProblem("There is no payment status \(wanted); choose pending, settled or failed.")
        }
        let cursor = request.query["cursor"]
        let page = try await request.call { api in
            try await api.adminListPayments(.init(query: .init(status: status, cursor: cursor, limit: pageSize)))
        }.ok.body.json
        let model = PaymentsPage(
            payments: page.payments.map { payment in
                let transaction = payment.transaction
                return Row(
                    id: transaction.id, userID: payment.userId, kind: transaction.kind.rawValue, amount: TopDogFormat.money(transaction.amountCents),
                    status: transaction.status.rawValue, tone: TopDogFormat.tone(transaction.status.rawValue), description: transaction.description,
                    failure: transaction.failure ?? "", created: ConsoleFormat.time(transaction.createdAt), settled: TopDogFormat.time(transaction.settledAt),
                    pending: transaction.status == .pending)
            },
            statuses: Operations.AdminListPayments.Input.Query.StatusPayload.allCases.map { Filter(value: $0.rawValue, selected: $0 == status) },
            status: status.rawValue, pager: ConsolePager(path: request.path, query: request.query, nextCursor: page.next))
        return ConsolePage(title: "TopDog payments", template: "topDogPayments", model: model, section: .topDog)
    }
}
