import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// Registers console pages and actions. Every one of them needs a live console session of a
/// staff member with the page's role; an action (a POST) also needs the session's CSRF token.
/// A bearer token opens nothing here: only the session cookie counts.
package struct ConsoleRoutes {
    package let console: Console
    let registrar: RouteRegistrar

    /// The largest form the console reads (a CSV of players fits).
    static let formLimit = 4 << 20

    /// A page: GET `path` (Hummingbird's `:name` parameters) for staff with `role`.
    package func page(
        _ path: String, role: StaffRole = .moderator, _ handler: @escaping @Sendable (ConsoleRequest) async throws -> ConsoleResponse
    ) {
        let console = console
        registrar.on(path, method: .get) { request, context in
            try await console.handle(request, context: context, role: role, back: nil, handler)
        }
    }

    /// An action: POST `path` with the CSRF token. A refusal (an API error, a ``ConsoleProblem``)
    /// goes back to the page `back` names, with the reason shown there.
    package func action(
        _ path: String, role: StaffRole = .moderator, back: @escaping @Sendable (ConsoleRequest) -> String,
        _ handler: @escaping @Sendable (ConsoleRequest) async throws -> ConsoleResponse
    ) {
        let console = console
        registrar.on(path, method: .post) { request, context in
            try await console.handle(request, context: context, role: role, back: back, handler)
        }
    }

    /// A route outside the session rules (sign-in, the static files): the handler does all.
    func open(_ path: String, method: HTTPRequest.Method, _ handler: @escaping @Sendable (Request, ParlorRequestContext) async throws -> Response) {
        registrar.on(path, method: method, use: handler)
    }
}

extension Console {
    func handle(
        _ request: Request, context: ParlorRequestContext, role: StaffRole, back: (@Sendable (ConsoleRequest) -> String)?,
        _ handler: @Sendable (ConsoleRequest) async throws -> ConsoleResponse
    ) async throws -> Response {
        let isAction = back != nil
        let path = request.uri.path
        let now = millis
        guard let token = request.cookies[ConsoleCookies.session]?.value, !token.isEmpty,
            let session = try await database.withConnection({ sql in
                try await ConsoleSessionStore.live(token: token, now: now, idle: idleMillis, on: sql)
            })
        else {
            if isAction {
                return errorPage(request, status: .forbidden, title: "Signed out", message: "Your console session has ended. Sign in again, then repeat what you did.")
            }
            let next = path == "/console" ? "" : "?next=\(path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["/", "-", "_"])) ?? "")"
            return redirect(request, to: "/console/sign-in\(next)")
        }
        if session.awaitsSecondFactor { return redirect(request, to: "/console/sign-in/code") }
        guard let staff = try await accounts.staffMember(id: session.userId) else {
            try await database.withConnection { sql in _ = try await ConsoleSessionStore.end(session.id, of: nil, at: now, on: sql) }
            return errorPage(request, status: .forbidden, title: "Signed out", message: "This account is no longer staff, or is suspended.")
        }
        var form = ConsoleForm()
        if isAction {
            do {
                let body = try await request.body.collect(upTo: ConsoleRoutes.formLimit)
                form = try ConsoleForm.parse(contentType: request.headers[.contentType], body: Array(body.readableBytesView))
            } catch let problem as ConsoleProblem {
                return errorPage(request, status: .badRequest, title: "Bad form", message: problem.message, session: session, staff: staff)
            } catch {
                return errorPage(request, status: .contentTooLarge, title: "Too large", message: "The form is larger than the console takes (4 MB).", session: session, staff: staff)
            }
            guard let sent = form["csrf"], Secrets.constantTimeEquals(sent, session.csrf) else {
                return errorPage(
                    request, status: .forbidden, title: "Refused",
                    message: "The form's security token is missing or wrong. Reload the page and try again.", session: session, staff: staff)
            }
        }
        guard staff.role.covers(role) else {
            return errorPage(request, status: .forbidden, title: "Not allowed", message: "This page needs the \(role.rawValue) role.", session: session, staff: staff)
        }
        try await database.withConnection { sql in try await ConsoleSessionStore.touch(session, now: now, idle: idleMillis, on: sql) }
        var query: [String: String] = [:]
        // A GET form sends spaces as `+`, which Hummingbird's query parameters keep as a plus.
        for (name, values) in ConsoleForm.urlEncoded(request.uri.query ?? "") { query[name] = values.first }
        let consoleRequest = ConsoleRequest(
            console: self, staff: staff, session: session, path: path, query: query, parameters: context.parameters, form: form)
        let answer: ConsoleResponse
        do {
            answer = try await handler(consoleRequest)
        } catch {
            let (status, message) = Self.describe(error)
            if let back, status != .notFound {
                return try await flashRedirect(request, session: session, to: back(consoleRequest), notice: nil, problem: message)
            }
            database.logger.debug("console page refused", metadata: ["path": "\(path)", "error": "\(error)"])
            return errorPage(request, status: status, title: status == .notFound ? "Not found" : "Refused", message: message, session: session, staff: staff)
        }
        switch answer {
        case .page(let page):
            var flash: (notice: String?, problem: String?) = (nil, nil)
            if session.flashNotice != nil || session.flashProblem != nil {
                flash = (session.flashNotice, session.flashProblem)
                try await database.withConnection { sql in try await ConsoleSessionStore.setFlash(session.id, notice: nil, problem: nil, on: sql) }
            }
            return try render(request, page, session: session, staff: staff, notice: flash.notice, problem: flash.problem)
        case .redirect(let target, let notice, let problem):
            return try await flashRedirect(request, session: session, to: target, notice: notice, problem: problem)
        case .raw(var response):
            ConsoleHeaders.apply(to: &response.headers)
            return response
        }
    }

    /// The message and status an operator sees for a refusal.
    static func describe(_ error: any Error) -> (HTTPResponse.Status, String) {
        switch error {
        case let error as APIError:
            let fields = error.fields.map { "\($0.field) \($0.message)" }
            let message = fields.isEmpty ? error.message : "\(error.message): \(fields.joined(separator: "; "))"
            return (error.status, message.prefix(1).uppercased() + message.dropFirst())
        case let problem as ConsoleProblem: return (.unprocessableContent, problem.message)
        case let missing as ConsoleNotFound: return (.notFound, missing.message)
        default: return (.internalServerError, "Something went wrong on the server; the log has the details.")
        }
    }

    func flashRedirect(_ request: Request, session: ConsoleSession, to target: String, notice: String?, problem: String?) async throws -> Response {
        if notice != nil || problem != nil {
            try await database.withConnection { sql in
                try await ConsoleSessionStore.setFlash(session.id, notice: notice.map { String($0.prefix(2000)) }, problem: problem.map { String($0.prefix(2000)) }, on: sql)
            }
        }
        return redirect(request, to: target)
    }

    func redirect(_ request: Request, to target: String, cookies: [Cookie] = []) -> Response {
        // Only the console's own pages: a `next` from a link never leaves the site.
        let safe = target.hasPrefix("/console") && !target.hasPrefix("//") ? target : "/console"
        var headers: HTTPFields = [.location: safe]
        ConsoleHeaders.apply(to: &headers)
        var response = Response(status: .seeOther, headers: headers)
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    func render(
        _ request: Request, _ page: ConsolePage, session: ConsoleSession?, staff: StaffMember?, notice: String? = nil, problem: String? = nil,
        cookies: [Cookie] = []
    ) throws -> Response {
        let frame = ConsoleFrame(
            title: page.title, csrfToken: session?.csrf,
            staff: staff.map { .init(username: $0.username, displayName: $0.displayName, role: $0.role.rawValue, isAdmin: $0.role == .admin) },
            nav: staff.map { member in
                ConsoleSection.allCases.filter { $0 != .none && (!$0.adminOnly || member.role == .admin) }.map {
                    .init(label: $0.label, href: $0.href, current: $0 == page.section)
                }
            } ?? [],
            notice: notice, problem: problem, refreshSeconds: page.refreshSeconds, page: page.model)
        let html = try renderer.document(frame, template: page.template)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        ConsoleHeaders.apply(to: &headers)
        var response = Response(status: page.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    func errorPage(
        _ request: Request, status: HTTPResponse.Status, title: String, message: String, session: ConsoleSession? = nil, staff: StaffMember? = nil
    ) -> Response {
        let page = ConsolePage(title: title, template: "error", model: ErrorView(message: message, signedIn: staff != nil), section: .none, status: status)
        do {
            return try render(request, page, session: session, staff: staff)
        } catch {
            var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
            ConsoleHeaders.apply(to: &headers)
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message)))
        }
    }
}

struct ErrorView {
    var message: String
    var signedIn: Bool
}
