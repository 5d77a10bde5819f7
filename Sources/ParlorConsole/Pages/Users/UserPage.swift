import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// A user's page: their account, ways to sign in, sessions, ratings, games and the reports about
/// them, with the moderation actions; for admins also their purchases and TopDog money. Long
/// lists show their first few rows and link to a paged list.
struct UserPage: Sendable {
    struct Identity: Sendable {
        var provider: String
        var email: String?
        var linkedAt: String?
    }

    struct Session: Sendable {
        var createdAt: String
        var lastUsedAt: String
        var expiresAt: String
        var clientAddress: String?
        var userAgent: String?
    }

    struct Rating: Sendable {
        var game: String
        var rating: Int
        var games: Int
        var wins: Int
        var losses: Int
    }

    struct Option: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// The first rows of a longer list and the link to the rest (nil when these are all).
    struct Capped<Row: Sendable>: Sendable {
        var rows: [Row]
        var moreHref: String?
    }

    var id: String
    var displayName: String
    var username: String
    var email: String?
    var emailVerified: Bool
    var locale: String?
    var hasPassword: Bool
    var role: String?
    var createdAt: String
    var lastActiveAt: String
    var suspension: UserSuspensionView?
    var identities: [Identity]
    var sessions: [Session]
    var ratings: [Rating]
    var games: Capped<UserGameRow>
    var reports: [ReportRow]
    var reportsMoreHref: String?
    var isAdmin: Bool
    var isYou: Bool
    var durations: [Option]
    var roles: [Option]
    var purchases: UserPurchasesView?
    var ledger: UserLedgerView?

    /// Rows of each list shown on the page itself.
    static let firstRows = 10

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let id = try request.parameter("id")
        let details = try await request.call { api in try await api.adminGetUser(.init(path: .init(userID: id))).ok.body.json }
        let user = details.user
        let profile = try await request.call { api in try await api.getUser(.init(path: .init(id: user.id))).ok.body.json }
        let games = try await request.call { api in
            try await api.adminListGames(.init(query: .init(userId: user.id, limit: firstRows))).ok.body.json
        }
        let reports = try await request.call { api in
            try await api.adminListReports(.init(query: .init(userId: user.id, limit: firstRows))).ok.body.json
        }
        let chat = try await ReportRow.chatLines(for: reports.reports, request: request)
        let base = "/console/users/\(user.id)"
        let role = user.roles.first?.rawValue
        var model = UserPage(
            id: user.id, displayName: user.displayName, username: user.username, email: user.email, emailVerified: user.emailVerified,
            locale: user.locale, hasPassword: user.hasPassword, role: role, createdAt: ConsoleFormat.time(user.createdAt),
            lastActiveAt: ConsoleFormat.time(user.lastActiveAt), suspension: details.suspension.map(UserSuspensionView.init),
            identities: signInWays(user),
            sessions: details.sessions.map {
                Session(
                    createdAt: ConsoleFormat.time($0.createdAt), lastUsedAt: ConsoleFormat.time($0.lastUsedAt), expiresAt: ConsoleFormat.time($0.expiresAt),
                    clientAddress: $0.clientAddress, userAgent: $0.userAgent)
            },
            ratings: profile.ratings.map { Rating(game: $0.game, rating: $0.rating, games: $0.games, wins: $0.wins, losses: $0.losses) },
            games: Capped(rows: games.games.map(UserGameRow.init), moreHref: games.next == nil ? nil : "\(base)/games"),
            reports: reports.reports.map { ReportRow($0, chat: chat, back: base) },
            reportsMoreHref: reports.next == nil ? nil : "\(base)/reports",
            isAdmin: request.isAdmin, isYou: user.id == request.staff.id,
            durations: SuspensionTerms.durations.map { Option(value: $0.value, label: $0.label, selected: $0.value == "7d") },
            roles: [("none", "Player"), ("moderator", "Moderator"), ("admin", "Admin")].map {
                Option(value: $0.0, label: $0.1, selected: $0.0 == (role ?? "none"))
            })
        if let by = details.suspension?.by {
            model.suspension?.byName = try await UserPage.username(of: by, request: request)
        }
        if request.isAdmin {
            model.purchases = try await UserPurchasesView.load(user.id, request: request, cap: firstRows)
            model.ledger = try await UserLedgerView.load(user.id, request: request, cursor: nil, limit: firstRows, moreHref: "\(base)/ledger")
        }
        return ConsolePage(title: user.displayName, template: "user", model: model, section: .users)
    }
}

extension UserPage {
    /// `@username` of the staff member `id`; their id when their account is gone (a suspension
    /// outlives the account of whoever made it).
    static func username(of id: String, request: ConsoleRequest) async throws -> String {
        do {
            return "@" + (try await request.call { api in try await api.adminGetUser(.init(path: .init(userID: id))).ok.body.json }.user.username)
        } catch let error as APIError where error.status == .notFound {
            return id
        }
    }

    /// The linked identities, and the password when the user has one but no identity says so
    /// (accounts registered with a password list none).
    static func signInWays(_ user: Components.Schemas.User) -> [Identity] {
        var ways = user.identities.map { Identity(provider: $0.provider.rawValue, email: $0.email, linkedAt: ConsoleFormat.time($0.linkedAt)) }
        if user.hasPassword, !ways.contains(where: { $0.provider == "password" }) {
            ways.insert(Identity(provider: "password", email: nil, linkedAt: nil), at: 0)
        }
        return ways
    }
}

/// A game in a user's lists, linking to its page.
struct UserGameRow: Sendable {
    var id: String
    var href: String
    var gameType: String
    var mode: String
    var status: String
    var players: String
    var moves: Int
    var createdAt: String
    var lastMoveAt: String?

    init(_ game: Components.Schemas.AdminGameSummary) {
        id = game.id
        href = "/console/games/\(game.id)"
        gameType = game.gameType
        mode = game.mode.rawValue.replacingOccurrences(of: "_", with: "-")
        status = game.status.rawValue
        players = game.players.map(\.name).joined(separator: ", ")
        moves = game.seq
        createdAt = ConsoleFormat.time(game.createdAt)
        lastMoveAt = (game.endedAt ?? game.lastMoveAt).map(ConsoleFormat.time)
    }
}
