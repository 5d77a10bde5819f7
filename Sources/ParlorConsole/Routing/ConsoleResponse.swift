import HTTPTypes
import Hummingbird

/// What a page or action answers.
package enum ConsoleResponse: Sendable {
    /// A page drawn with its template.
    case page(ConsolePage)
    /// 303 to `path` (a page of the console), showing `notice` or `problem` there once.
    case redirect(String, notice: String? = nil, problem: String? = nil)
    /// Anything else (a CSV download, an SVG), sent as is with the console's headers.
    case raw(Response)
}

/// A page: its template, the model the template reads (under `page`), the title, and the section
/// of the navigation it belongs to.
package struct ConsolePage: Sendable {
    package var title: String
    package var template: String
    package var model: any Sendable
    package var section: ConsoleSection
    package var status: HTTPResponse.Status
    /// Seconds after which the browser's script reloads the page's `data-live` region; nil for none.
    package var refreshSeconds: Int?

    package init(
        title: String, template: String, model: any Sendable, section: ConsoleSection, status: HTTPResponse.Status = .ok,
        refreshSeconds: Int? = nil
    ) {
        self.title = title
        self.template = template
        self.model = model
        self.section = section
        self.status = status
        self.refreshSeconds = refreshSeconds
    }
}

/// The navigation's sections, in the order shown.
package enum ConsoleSection: String, Sendable, CaseIterable {
    case overview, users, games, topDog, miniApps, leaderboards, reports, push, purchases, audit, account, none

    var label: String {
        switch self {
        case .overview: "Overview"
        case .users: "Users"
        case .games: "Games"
        case .topDog: "TopDog"
        case .miniApps: "Mini apps"
        case .leaderboards: "Leaderboards"
        case .reports: "Reports"
        case .push: "Push"
        case .purchases: "App Store"
        case .audit: "Audit"
        case .account: "Account"
        case .none: ""
        }
    }

    var href: String {
        switch self {
        case .overview: "/console"
        case .users: "/console/users"
        case .games: "/console/games"
        case .topDog: "/console/topdog"
        case .miniApps: "/console/mini-apps"
        case .leaderboards: "/console/leaderboards"
        case .reports: "/console/reports"
        case .push: "/console/push"
        case .purchases: "/console/purchases"
        case .audit: "/console/audit"
        case .account: "/console/account"
        case .none: "/console"
        }
    }

    /// Sections only an admin sees (their pages refuse a moderator too).
    var adminOnly: Bool {
        switch self {
        case .topDog, .miniApps, .push, .purchases, .audit: true
        default: false
        }
    }
}
