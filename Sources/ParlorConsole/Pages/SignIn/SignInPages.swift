import Foundation
import HTTPTypes
import Hummingbird
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// Signing in (password, then the TOTP code once one is enrolled) and out.
extension ConsoleRoutes {
    func registerSignIn() {
        let console = console
        open("/console/sign-in", method: .get) { request, _ in
            if let session = try await console.liveSession(request), !session.awaitsSecondFactor {
                return console.redirect(request, to: "/console")
            }
            let notice = request.uri.queryParameters.get("signed_out") != nil ? "Signed out." : nil
            return try console.signInForm(request, next: request.uri.queryParameters.get("next"), notice: notice)
        }
        open("/console/sign-in", method: .post) { request, _ in try await console.signIn(request) }
        open("/console/sign-in/code", method: .get) { request, _ in
            guard let session = try await console.liveSession(request), session.awaitsSecondFactor else {
                return console.redirect(request, to: "/console/sign-in")
            }
            return try console.codeForm(request, session: session)
        }
        open("/console/sign-in/code", method: .post) { request, _ in try await console.secondFactor(request) }
        open("/console/sign-out", method: .post) { request, _ in try await console.signOut(request) }
    }
}

struct SignInView {
    var next: String?
    var login: String?
}

extension Console {
    /// The live session the request's cookie names (a second factor may still be owed).
    func liveSession(_ request: Request) async throws -> ConsoleSession? {
        guard let token = request.cookies[ConsoleCookies.session]?.value, !token.isEmpty else { return nil }
        let now = millis
        return try await database.withConnection { sql in try await ConsoleSessionStore.live(token: token, now: now, idle: idleMillis, on: sql) }
    }

    func signInForm(_ request: Request, next: String?, login: String? = nil, notice: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
        let token = Secrets.randomToken()
        var page = ConsolePage(title: "Sign in", template: "signIn", model: SignInView(next: next, login: login), section: .none, status: status)
        page.status = status
        let pseudo = ConsoleSession(
            id: "", userId: "", csrf: token, createdAt: 0, lastSeenAt: 0, expiresAt: 0, secondFactorPending: 0, clientAddress: "", userAgent: nil)
        return try render(
            request, page, session: pseudo, staff: nil, notice: notice, problem: problem,
            cookies: [ConsoleCookies.make(ConsoleCookies.signInForm, value: token, maxAge: 3600, secure: secureCookies(for: request))])
    }

    func signIn(_ request: Request) async throws -> Response {
        let form: ConsoleForm
        do {
            let body = try await request.body.collect(upTo: 64 * 1024)
            form = try ConsoleForm.parse(contentType: request.headers[.contentType], body: Array(body.readableBytesView))
        } catch {
            return errorPage(request, status: .badRequest, title: "Bad form", message: "The sign-in form could not be read.")
        }
        guard let expected = request.cookies[ConsoleCookies.signInForm]?.value, !expected.isEmpty, let sent = form["csrf"],
            Secrets.constantTimeEquals(sent, expected)
        else {
            return try signInForm(
                request, next: form["next"], problem: "The form's security token is missing or wrong. Sign in again from this page.", status: .forbidden)
        }
        let login = form["login"] ?? ""
        let member: StaffMember
        do {
            member = try await accounts.verifyStaffPassword(login: login, password: form["password"] ?? "")
        } catch let error as APIError {
            let message =
                error.status == .tooManyRequests
                ? "Too many attempts. Wait a while, then try again."
                : "Wrong username or password, or the account is not staff."
            return try signInForm(request, next: form["next"], login: login, problem: message, status: error.status == .tooManyRequests ? .tooManyRequests : .unauthorized)
        }
        let now = millis
        let totp = try await database.withConnection { sql in try await StaffTOTPStore.find(member.id, on: sql) }
        let token = Secrets.randomToken()
        let session = ConsoleSession(
            id: Secrets.hash(token), userId: member.id, csrf: Secrets.randomToken(), createdAt: now, lastSeenAt: now, expiresAt: now + lifetimeMillis,
            secondFactorPending: totp?.isEnabled == true ? 1 : 0, clientAddress: RequestOrigin.current.clientAddress,
            userAgent: RequestOrigin.current.userAgent)
        try await database.transaction { sql in
            try await ConsoleSessionStore.insert(session, on: sql)
            try await AdminAudit.record(
                AuditEntry(
                    actor: member.id, action: "console.sign_in", targetKind: "user", targetID: member.id, reason: nil,
                    details: ["address": session.clientAddress, "second_factor": session.awaitsSecondFactor ? "owed" : "none"]),
                at: now, on: sql)
        }
        let secure = secureCookies(for: request)
        let cookies = [
            ConsoleCookies.make(ConsoleCookies.session, value: token, maxAge: Int(lifetimeMillis / 1000), secure: secure),
            ConsoleCookies.clear(ConsoleCookies.signInForm, secure: secure),
        ]
        if session.awaitsSecondFactor { return redirect(request, to: "/console/sign-in/code", cookies: cookies) }
        return redirect(request, to: form["next"] ?? "/console", cookies: cookies)
    }

    func codeForm(_ request: Request, session: ConsoleSession, problem: String? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
        let page = ConsolePage(title: "Your code", template: "signInCode", model: SignInView(), section: .none, status: status)
        return try render(request, page, session: session, staff: nil, problem: problem)
    }

    func secondFactor(_ request: Request) async throws -> Response {
        guard let session = try await liveSession(request), session.awaitsSecondFactor else { return redirect(request, to: "/console/sign-in") }
        let body = try await request.body.collect(upTo: 64 * 1024)
        let form = (try? ConsoleForm.parse(contentType: request.headers[.contentType], body: Array(body.readableBytesView))) ?? ConsoleForm()
        guard let sent = form["csrf"], Secrets.constantTimeEquals(sent, session.csrf) else {
            return try codeForm(request, session: session, problem: "The form's security token is missing or wrong. Reload the page and try again.", status: .forbidden)
        }
        do {
            try await accounts.limitSecondFactor(userID: session.userId)
        } catch {
            return try codeForm(request, session: session, problem: "Too many attempts. Wait a while, then try again.", status: .tooManyRequests)
        }
        guard try await checkCode(form["code"] ?? "", for: session.userId) else {
            return try codeForm(request, session: session, problem: "That code is wrong, or was used already. Enter the code your app shows now.", status: .unauthorized)
        }
        try await database.withConnection { sql in try await ConsoleSessionStore.completeSecondFactor(session.id, on: sql) }
        return redirect(request, to: "/console")
    }

    /// Whether `code` is the staff member's current TOTP code, not used before; using it
    /// enables a key still being enrolled.
    func checkCode(_ code: String, for userID: String) async throws -> Bool {
        let now = millis
        return try await database.withConnection { sql in
            guard let stored = try await StaffTOTPStore.find(userID, on: sql) else { return false }
            let key = try accounts.openSecret(stored.secret, context: "totp:\(userID)")
            guard let bytes = Base32.decode(key), let step = TOTP(key: bytes).matchingStep(code, at: now / 1000, after: stored.lastStep) else {
                return false
            }
            return try await StaffTOTPStore.use(userID, step: step, at: now, on: sql)
        }
    }

    func signOut(_ request: Request) async throws -> Response {
        let secure = secureCookies(for: request)
        if let session = try await liveSession(request) {
            let body = try await request.body.collect(upTo: 64 * 1024)
            let form = (try? ConsoleForm.parse(contentType: request.headers[.contentType], body: Array(body.readableBytesView))) ?? ConsoleForm()
            guard let sent = form["csrf"], Secrets.constantTimeEquals(sent, session.csrf) else {
                return errorPage(request, status: .forbidden, title: "Refused", message: "The form's security token is missing or wrong. Reload the page and try again.")
            }
            let now = millis
            try await database.withConnection { sql in _ = try await ConsoleSessionStore.end(session.id, of: nil, at: now, on: sql) }
        }
        return redirect(request, to: "/console/sign-in?signed_out=1", cookies: [ConsoleCookies.clear(ConsoleCookies.session, secure: secure)])
    }
}
