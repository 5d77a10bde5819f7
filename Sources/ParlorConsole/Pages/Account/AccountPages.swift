import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// The signed-in staff member's own page: their second factor and their sessions; and, for
/// admins, every staff session.
extension ConsoleRoutes {
    func registerAccount() {
        page("/console/account") { request in .page(try await AccountPage.load(request)) }
        action("/console/account/totp/begin", back: { _ in "/console/account" }) { request in
            let key = Base32.encode(TOTP.newKey())
            let sealed = try request.console.accounts.sealSecret(key, context: "totp:\(request.staff.id)")
            let now = request.console.millis
            try await request.console.database.withConnection { sql in
                if let current = try await StaffTOTPStore.find(request.staff.id, on: sql), current.isEnabled {
                    throw ConsoleProblem("An authenticator is already set up; turn it off first to set up another.")
                }
                try await StaffTOTPStore.begin(request.staff.id, sealedSecret: sealed, at: now, on: sql)
            }
            return .redirect("/console/account", notice: "Add the key below to your authenticator app, then enter the code it shows.")
        }
        action("/console/account/totp/confirm", back: { _ in "/console/account" }) { request in
            guard try await request.console.checkCode(request.form["code"] ?? "", for: request.staff.id) else {
                throw ConsoleProblem("That code is wrong. Check the app's clock and enter the code it shows now.")
            }
            try await request.console.database.transaction { sql in try await request.audit("console.totp.enable", staff: request.staff.id, on: sql) }
            return .redirect("/console/account", notice: "Two-step sign-in is on: each sign-in now asks for a code.")
        }
        action("/console/account/totp/disable", back: { _ in "/console/account" }) { request in
            try await request.console.accounts.limitSecondFactor(userID: request.staff.id)
            guard try await request.console.checkCode(request.form["code"] ?? "", for: request.staff.id) else {
                throw ConsoleProblem("That code is wrong; two-step sign-in stays on.")
            }
            try await request.console.database.transaction { sql in
                try await StaffTOTPStore.remove(request.staff.id, on: sql)
                try await request.audit("console.totp.disable", staff: request.staff.id, on: sql)
            }
            return .redirect("/console/account", notice: "Two-step sign-in is off.")
        }
        action("/console/account/sessions/:session/end", back: { _ in "/console/account" }) { request in
            let id = try request.parameter("session")
            let now = request.console.millis
            let ended = try await request.console.database.transaction { sql in
                let owner = try await ConsoleSessionStore.end(id, of: request.isAdmin ? nil : request.staff.id, at: now, on: sql)
                if let owner { try await request.audit("console.session.end", staff: owner, details: ["session": String(id.prefix(12))], on: sql) }
                return owner != nil
            }
            guard ended else { throw ConsoleProblem("That session has ended already.") }
            return .redirect(request.form["back"] == "sessions" ? "/console/sessions" : "/console/account", notice: "Session ended.")
        }
        action("/console/account/sessions/end-others", back: { _ in "/console/account" }) { request in
            let now = request.console.millis
            try await request.console.database.transaction { sql in
                try await ConsoleSessionStore.endAll(of: request.staff.id, keeping: request.session.id, at: now, on: sql)
                try await request.audit("console.session.end_others", staff: request.staff.id, on: sql)
            }
            return .redirect("/console/account", notice: "Every other session of yours has ended.")
        }
        page("/console/sessions", role: .admin) { request in .page(try await AccountPage.allSessions(request)) }
        // A staff member who lost their authenticator cannot sign in: another admin turns theirs off.
        action("/console/staff/:id/totp/reset", role: .admin, back: { _ in "/console/sessions" }) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            guard id != request.staff.id else { throw ConsoleProblem("Turn your own off from your account page, with a current code.") }
            let removed = try await request.console.database.transaction { sql in
                guard try await StaffTOTPStore.find(id, on: sql) != nil else { return false }
                try await StaffTOTPStore.remove(id, on: sql)
                try await AdminAudit.record(
                    AuditEntry(actor: request.staff.id, action: "console.totp.reset", targetKind: "user", targetID: id, reason: String(reason.prefix(500))),
                    at: request.console.millis, on: sql)
                return true
            }
            guard removed else { throw ConsoleProblem("That staff member has no authenticator set up.") }
            return .redirect("/console/sessions", notice: "Two-step sign-in is off for that staff member; they sign in with their password and may set it up again.")
        }
    }
}

extension ConsoleRequest {
    /// Records a console security action on `staff`'s account in the audit trail, on `sql`, the
    /// action's own transaction.
    func audit(_ action: String, staff: String, details: [String: String] = [:], on sql: any SQLDatabase) async throws {
        try await AdminAudit.record(
            AuditEntry(actor: self.staff.id, action: action, targetKind: "user", targetID: staff, reason: nil, details: details),
            at: console.millis, on: sql)
    }
}

/// What the account page shows.
struct AccountPage {
    struct SessionRow {
        var id: String
        var username: String
        var createdAt: String
        var lastSeenAt: String
        var clientAddress: String
        var userAgent: String
        var isCurrent: Bool
        var awaitsCode: Bool
    }

    struct StaffRow {
        var id: String
        var username: String
        var role: String
        var totpOn: Bool
        var isMe: Bool
    }

    struct Enrolment {
        var key: String
        var uri: String
    }

    var username: String
    var role: String
    var totpOn: Bool
    var enrolment: Enrolment?
    var sessions: [SessionRow]
    var isAdmin: Bool

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let console = request.console
        let now = console.millis
        let (totp, sessions) = try await console.database.withConnection { sql in
            (
                try await StaffTOTPStore.find(request.staff.id, on: sql),
                try await ConsoleSessionStore.list(of: request.staff.id, now: now, idle: console.idleMillis, on: sql)
            )
        }
        var enrolment: Enrolment?
        if let totp, !totp.isEnabled {
            let key = try console.accounts.openSecret(totp.secret, context: "totp:\(request.staff.id)")
            let uri = Base32.decode(key).map { TOTP(key: $0).provisioningURI(account: request.staff.username, issuer: console.configuration.totpIssuer) } ?? ""
            enrolment = Enrolment(key: grouped(key), uri: uri)
        }
        let model = AccountPage(
            username: request.staff.username, role: request.staff.role.rawValue, totpOn: totp?.isEnabled == true, enrolment: enrolment,
            sessions: sessions.map { row($0, username: request.staff.username, current: request.session.id) }, isAdmin: request.isAdmin)
        return ConsolePage(title: "Your account", template: "account", model: model, section: .account)
    }

    static func allSessions(_ request: ConsoleRequest) async throws -> ConsolePage {
        let console = request.console
        let now = console.millis
        let sessions = try await console.database.withConnection { sql in
            try await ConsoleSessionStore.list(of: nil, now: now, idle: console.idleMillis, on: sql)
        }
        let members = try await console.accounts.staffMembers()
        let enrolled = try await console.database.withConnection { sql in
            Set(try await sql.select().column("user_id").from("staff_totp").where("enabled_at", .isNot, SQLLiteral.null).all().map {
                try $0.decode(column: "user_id", as: String.self)
            })
        }
        var names = Dictionary(members.map { ($0.id, $0.username) }, uniquingKeysWith: { first, _ in first })
        for id in Set(sessions.map(\.userId)) where names[id] == nil {
            names[id] = try await console.accounts.staffMember(id: id)?.username ?? id
        }
        let rows = sessions.map { row($0, username: names[$0.userId] ?? $0.userId, current: request.session.id) }
        let staff = members.map {
            StaffRow(id: $0.id, username: $0.username, role: $0.role.rawValue, totpOn: enrolled.contains($0.id), isMe: $0.id == request.staff.id)
        }
        return ConsolePage(
            title: "Staff sessions", template: "staffSessions",
            model: ["sessions": rows, "allStaff": true, "staff": staff] as [String: any Sendable], section: .account)
    }

    static func row(_ session: ConsoleSession, username: String, current: String) -> SessionRow {
        SessionRow(
            id: session.id, username: username, createdAt: ConsoleFormat.time(session.createdAt), lastSeenAt: ConsoleFormat.time(session.lastSeenAt),
            clientAddress: session.clientAddress, userAgent: session.userAgent ?? "", isCurrent: session.id == current,
            awaitsCode: session.awaitsSecondFactor)
    }

    /// `ABCD EFGH …`: easier to type from a screen.
    static func grouped(_ key: String) -> String {
        stride(from: 0, to: key.count, by: 4).map { offset in
            let start = key.index(key.startIndex, offsetBy: offset)
            return String(key[start..<(key.index(start, offsetBy: 4, limitedBy: key.endIndex) ?? key.endIndex)])
        }.joined(separator: " ")
    }
}
