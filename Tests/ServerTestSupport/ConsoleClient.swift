import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import TestSupport

/// A browser without a screen for the operator console: it keeps the console's cookies, reads
/// each page's CSRF token, and posts forms as a person would.
public actor ConsoleClient {
    public let server: OnlinePlayServer
    private var cookies: [String: String] = [:]
    /// The CSRF token of the last page read that had forms.
    public private(set) var csrf: String?

    public init(_ server: OnlinePlayServer) { self.server = server }

    /// A staff member with `role`, made as `parlor admin create` does, signed in to the console;
    /// returns their user id.
    @discardableResult
    public func signInAsNewStaff(_ role: StaffRole = .admin, username: String? = nil) async throws -> String {
        let name = username ?? "\(role.rawValue)_\(UUID().uuidString.prefix(8).lowercased())"
        guard case .created(let id) = try await AdminAccounts.create(
            username: name, password: "console password 123", role: role, in: server.database, bcryptCost: 4)
        else { throw TestSetupError("the staff member was not created") }
        let answer = try await signIn(login: name, password: "console password 123")
        guard answer.status == 303, answer.location == "/console" else { throw TestSetupError("console sign-in failed: \(answer.status) \(answer.html)") }
        return id
    }

    /// Opens the sign-in page and posts the form; the answer (a 303 to the console when it worked).
    public func signIn(login: String, password: String, next: String? = nil) async throws -> ConsoleAnswer {
        _ = try await get("/console/sign-in")
        var fields = ["login": login, "password": password]
        if let next { fields["next"] = next }
        return try await post("/console/sign-in", fields)
    }

    /// GETs `path` with the cookies; remembers the page's CSRF token.
    public func get(_ path: String, headers extra: HTTPFields = [:]) async throws -> ConsoleAnswer {
        try await send(.get, path, headers: extra, body: nil)
    }

    /// POSTs a form to `path` with the remembered CSRF token (unless `fields` names `csrf`, or
    /// `withCSRF` is false).
    public func post(_ path: String, _ fields: [String: String] = [:], withCSRF: Bool = true) async throws -> ConsoleAnswer {
        var fields = fields
        if withCSRF, fields["csrf"] == nil, let csrf { fields["csrf"] = csrf }
        let body = fields.sorted { $0.key < $1.key }.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await send(.post, path, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: body))
    }

    /// POSTs a multipart form with one file.
    public func upload(_ path: String, fields: [String: String], file: (field: String, name: String, text: String)) async throws -> ConsoleAnswer {
        let boundary = "----parlor\(UUID().uuidString.prefix(12))"
        var all = fields
        if all["csrf"] == nil, let csrf { all["csrf"] = csrf }
        var text = ""
        for (name, value) in all.sorted(by: { $0.key < $1.key }) {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: text/csv\r\n\r\n\(file.text)\r\n--\(boundary)--\r\n"
        return try await send(.post, path, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: ByteBuffer(string: text))
    }

    /// Follows a 303 to the page it names.
    public func follow(_ answer: ConsoleAnswer) async throws -> ConsoleAnswer {
        guard let location = answer.location else { return answer }
        return try await get(location)
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, headers extra: HTTPFields, body: ByteBuffer?) async throws -> ConsoleAnswer {
        var headers = extra
        if !cookies.isEmpty { headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await server.client.executeRequest(uri: path, method: method, headers: headers, body: body)
        for line in response.headers[values: .setCookie] {
            let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 || (pair.count == 1 && line.contains("=")) else { continue }
            let name = String(pair[0]).trimmingCharacters(in: .whitespaces)
            let value = pair.count == 2 ? String(pair[1]) : ""
            if value.isEmpty || line.lowercased().contains("max-age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        let html = String(buffer: response.body)
        if let token = Self.csrfToken(in: html) { csrf = token }
        return ConsoleAnswer(status: Int(response.status.code), location: response.headers[.location], html: html, headers: response.headers)
    }

    /// Forgets the session cookie (a browser whose cookie is gone).
    public func dropCookies() { cookies = [:] }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}

/// A console answer: status, redirect target, page and headers.
public struct ConsoleAnswer: Sendable {
    public var status: Int
    public var location: String?
    public var html: String
    public var headers: HTTPFields

    /// The page's visible text, roughly: tags dropped, entities of the escaper decoded.
    public var text: String {
        var out = html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }
}
