import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import ServerTestSupport
import SQLKit
import StatsSync

/// What a page of `GET /sync/events` holds, decoded with StatsSync's own decoder.
struct SyncPage: Decodable {
    var events: [StatsEvent]
    var next: String
    var hasMore: Bool
    var version: VersionVector

    enum CodingKeys: String, CodingKey { case events, next, hasMore = "has_more", version }
}

extension AccountsHarness {
    func push(_ events: [StatsEvent], token: String?) async throws -> Reply {
        try await send("/sync/events", data: try batchBody(events), token: token)
    }

    func page(since: String? = nil, limit: Int? = nil, token: String?) async throws -> Reply {
        var query: [String] = []
        if let since { query.append("since=\(since)") }
        if let limit { query.append("limit=\(limit)") }
        return try await send("/sync/events" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), method: .get, token: token)
    }

    /// Every page from `since` on: the events in the order served, the pages and the final token.
    func pageThrough(since: String? = nil, limit: Int, token: String?) async throws -> (events: [StatsEvent], pages: [SyncPage], next: String?) {
        var since = since
        var events: [StatsEvent] = []
        var pages: [SyncPage] = []
        while true {
            let reply = try await page(since: since, limit: limit, token: token)
            guard reply.status == .ok else {
                throw SyncTestError("GET /sync/events: \(reply.status) \(String(decoding: reply.data, as: UTF8.self))")
            }
            let page = try JSONDecoder().decode(SyncPage.self, from: reply.data)
            pages.append(page)
            events += page.events
            since = page.next
            if !page.hasMore { return (events, pages, since) }
        }
    }

    func summary(today: String? = nil, token: String?) async throws -> Reply {
        try await send("/sync/summary" + (today.map { "?today=\($0)" } ?? ""), method: .get, token: token)
    }

    /// Rows of `sync_events`, for everyone.
    func storedEventCount() async throws -> Int { try await count("sync_events") }

    /// A signed-in player: its access token and user id.
    func player(_ name: String = "p\(UUID().uuidString.prefix(8).lowercased())") async throws -> (token: String, id: String) {
        let reply = try await register(name)
        guard let token = reply["access_token"], let id = reply.user["id"] as? String else {
            throw SyncTestError("register \(name): \(reply.status) \(String(decoding: reply.data, as: UTF8.self))")
        }
        return (token, id)
    }
}

/// The change token a server writes for change number `n`: base64url of `v1:n`.
func changeToken(_ n: Int64, version: String = "v1") -> String {
    Data("\(version):\(n)".utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
}

struct SyncTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Reply {
    func number(_ key: String) -> Int? { json[key] as? Int }
    var errorMessage: String { ((json["error"] as? [String: any Sendable])?["message"] as? String) ?? "" }
}
