import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
@testable import ParlorAccounts
import ParlorAPI
@testable import ParlorHTTP
@testable import ParlorMiniApps
@testable import ParlorPlay
@testable import ParlorRealtime
@testable import ParlorSync
import SQLKit
import StatsSync

/// Builds events the way a device writes them: one device's sequence numbers from 1, times just
/// before the server's clock.
struct SyncEventFactory {
    let now: Int64

    init(now: Date) { self.now = Int64(now.timeIntervalSince1970 * 1000) }

    var today: PuzzleDate { PuzzleDate(unixMillis: now) }

    func device(_ name: String) -> DeviceID { DeviceID(rawValue: name)! }

    /// A completed puzzle `daysAgo` days before today.
    func game(
        _ device: String, _ seq: Int, daysAgo: Int = 0, won: Bool = true, mistakes: Int = 0, seconds: Int = 60, hints: Int = 0,
        id: UUID = UUID()
    ) -> StatsEvent {
        StatsEvent(
            id: id, device: self.device(device), sequence: seq, timestamp: now - Int64(daysAgo) * 86_400_000 - 1000,
            payload: .gameCompleted(
                GameCompletion(puzzleDate: today.adding(days: -daysAgo), won: won, mistakes: mistakes, seconds: seconds, hintsUsed: hints)))
    }

    func setting(_ device: String, _ seq: Int, _ key: String, _ value: String, millis: Int64? = nil) -> StatsEvent {
        let at = millis ?? now - 500
        return StatsEvent(
            device: self.device(device), sequence: seq, timestamp: at,
            payload: .settingChanged(
                SettingChange(key: key, value: value, clock: HybridTimestamp(millis: at, counter: 0, device: self.device(device)))))
    }

    func reset(_ device: String, _ seq: Int, seen: [String: Int]) -> StatsEvent {
        StatsEvent(
            device: self.device(device), sequence: seq, timestamp: now - 100,
            payload: .statsReset(
                StatsReset(seen: VersionVector(Dictionary(uniqueKeysWithValues: seen.map { (self.device($0.key), $0.value) })))))
    }

    /// Games on consecutive days from one device, sequence numbers `seqs`.
    func games(_ device: String, _ seqs: ClosedRange<Int>) -> [StatsEvent] {
        seqs.map { game(device, $0, daysAgo: $0 % 30, won: $0 % 3 != 0, mistakes: $0 % 4, seconds: 30 + $0, hints: $0 % 2) }
    }
}

/// StatsSync's own JSON form of an event, as a mutable object for tests that break it.
func wireObject(_ event: StatsEvent) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as! [String: Any]
}

/// `{"events":[…]}`.
func batchBody(_ events: [StatsEvent]) throws -> Data {
    try batchBody(events.map(wireObject))
}

func batchBody(_ objects: [[String: Any]]) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["events": objects])
}

/// What a page of `GET /sync/events` holds, decoded with StatsSync's own decoder.
struct SyncPage: Decodable {
    var events: [StatsEvent]
    var next: String
    var hasMore: Bool
    var version: VersionVector

    enum CodingKeys: String, CodingKey { case events, next, hasMore = "has_more", version }
}

extension AccountsHarness {
    /// Sends raw JSON bytes over a pooled client of its own (the test client keeps one
    /// connection, which would queue concurrent calls instead of running them at once).
    func send(_ path: String, data: Data? = nil, method: HTTPRequest.Method = .post, token: String? = nil) async throws -> Reply {
        guard let port = client.port else { throw SyncTestError("the sync tests need a live server") }
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let data {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: data))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: HTTPResponse.Status(code: Int(response.status.code)), headers: [:], data: Data(buffer: body))
    }

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
