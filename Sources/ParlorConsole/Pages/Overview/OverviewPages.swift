import Foundation
import ParlorAccounts
import ParlorAPI

/// The overview: the service at a glance, each figure a link to its page.
extension ConsoleRoutes {
    func registerOverview() {
        page("/console") { request in
            .page(ConsolePage(title: "Overview", template: "overview", model: try await OverviewPage.load(request), section: .overview, refreshSeconds: 15))
        }
    }
}

/// What the overview shows. Figures from admin-only APIs (nodes, push, payments) are left out
/// for a moderator rather than shown as refusals.
struct OverviewPage {
    struct NodeRow {
        var id: String
        var startedAt: String
        var seenAt: String
        var sockets: String
        var users: String
        var games: String
    }

    struct Figure {
        var label: String
        var value: String
        var href: String
        var bad: Bool
        var note: String?
    }

    var isAdmin: Bool
    var nodes: [NodeRow]
    var figures: [Figure]
    var movesChart: String
    var latencyChart: String
    var samples: String

    /// A count from a first page of at most 100: `100+` when there are more.
    static func counted(_ count: Int, more: Bool) -> String {
        more ? "\(ConsoleFormat.grouped(Int64(count)))+" : ConsoleFormat.grouped(Int64(count))
    }

    static func load(_ request: ConsoleRequest) async throws -> OverviewPage {
        var figures: [Figure] = []
        let reports = try await request.call { api in
            try await api.adminListReports(.init(query: .init(status: .open, limit: 100))).ok.body.json
        }
        figures.append(Figure(
            label: "Open reports", value: counted(reports.reports.count, more: reports.next != nil), href: "/console/reports?status=open",
            bad: !reports.reports.isEmpty, note: nil))
        var nodes: [NodeRow] = []
        if request.isAdmin {
            let push = try await request.call { api in try await api.adminListPushNotifications(.init(query: .init(limit: 1))).ok.body.json }
            figures.append(Figure(
                label: "Push queue", value: ConsoleFormat.grouped(Int64(push.pending)), href: "/console/push?state=pending", bad: false,
                note: "notifications waiting to be sent"))
            figures.append(Figure(
                label: "Push failures, last day", value: ConsoleFormat.grouped(Int64(push.failedLastDay)), href: "/console/push?state=failed",
                bad: push.failedLastDay > 0, note: "gave up, capped, or no device took it"))
            let payments = try await request.call { api in
                try await api.adminListPayments(.init(query: .init(status: .pending, limit: 100))).ok.body.json
            }
            figures.append(Figure(
                label: "Pending TopDog payments", value: counted(payments.payments.count, more: payments.next != nil), href: "/console/topdog/payments",
                bad: false, note: "deposits and withdrawals the processor has not settled"))
            nodes = try await request.call { api in try await api.adminListNodes(.init()).ok.body.json }.nodes.map {
                NodeRow(
                    id: $0.id, startedAt: ConsoleFormat.time($0.startedAt), seenAt: ConsoleFormat.time($0.seenAt),
                    sockets: ConsoleFormat.grouped(Int64($0.sockets)), users: ConsoleFormat.grouped(Int64($0.users)),
                    games: ConsoleFormat.grouped(Int64($0.games)))
            }
        }
        let history = request.console.views.metrics
        let samples = await history?.recent() ?? []
        let slots = history?.capacity ?? 60
        return OverviewPage(
            isAdmin: request.isAdmin, nodes: nodes, figures: figures, movesChart: movesChart(samples, slots: slots).svg,
            latencyChart: latencyChart(samples, slots: slots).svg,
            samples: samples.isEmpty
                ? "No minute has been measured yet: the first sample comes a minute after the node starts."
                : "\(samples.count) of the last \(slots) minutes measured, the latest at \(ConsoleFormat.time(samples[samples.count - 1].at)).")
    }

    static func movesChart(_ samples: [MetricsSample], slots: Int) -> LineChart {
        let moved = samples.contains { $0.movesPerSecond > 0 }
        return LineChart(
            title: "Moves a second, per minute, on this node",
            series: moved ? [.init(label: "", values: samples.map(\.movesPerSecond))] : [], slots: slots, unit: "/s",
            emptyMessage: "No moves in the last hour")
    }

    static func latencyChart(_ samples: [MetricsSample], slots: Int) -> LineChart {
        LineChart(
            title: "Move round trip p50 and p99, per minute, on this node",
            series: [
                .init(label: "p99", values: samples.map(\.p99Millis), style: "line second"),
                .init(label: "p50", values: samples.map(\.p50Millis)),
            ], slots: slots, unit: " ms", emptyMessage: "No moves in the last hour")
    }
}
