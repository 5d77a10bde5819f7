import Foundation
import OpenAPIRuntime
import ParlorAPI
import StatsSync
import StatsSyncDevice

/// The Parlor server as a stats provider: `GET /sync/events` after the change token the manager
/// keeps as this provider's cursor, and `POST /sync/events` in batches of at most 400.
public struct ParlorStatsProvider: StatsProvider {
    public let name = "parlor"
    let client: Client
    let accessToken: @Sendable () async throws -> String?
    let pageSize: Int
    let batchSize: Int

    /// `accessToken` returns the signed-in player's current access token, nil when signed out.
    public init(
        serverURL: URL, transport: any ClientTransport, pageSize: Int = 1000, batchSize: Int = 400,
        accessToken: @escaping @Sendable () async throws -> String?
    ) {
        self.accessToken = accessToken
        self.pageSize = min(max(pageSize, 1), 1000)
        self.batchSize = min(max(batchSize, 1), 400)
        client = Client(
            serverURL: serverURL, configuration: .parlor, transport: transport, middlewares: [BearerTokenMiddleware(token: accessToken)])
    }

    public func availability() async -> ProviderAvailability {
        guard let token = try? await accessToken(), !token.isEmpty else { return .unavailable(reason: "not signed in") }
        return .available
    }

    /// Pages from `cursor` to the end of the user's log. The server's change tokens never skip an
    /// event, so events already held are the only repeats (union absorbs them).
    public func fetch(missingFrom local: VersionVector, cursor: String?) async throws -> ProviderSnapshot {
        var events: [StatsEvent] = []
        var since = cursor
        while true {
            let page = try await fetchPage(since: since)
            for wire in page.events {
                do {
                    let event = try StatsEvent(wire: wire)
                    if !local.covers(event) { events.append(event) }
                } catch {
                    throw StatsProviderError.corrupt("the server sent an event that does not decode: \(error)")
                }
            }
            since = page.next
            guard page.hasMore else {
                let version: VersionVector
                do { version = try VersionVector(wire: page.version) } catch {
                    throw StatsProviderError.corrupt("the server sent a bad version vector: \(error)")
                }
                return ProviderSnapshot(events: events, version: version, cursor: since)
            }
        }
    }

    public func push(_ events: [StatsEvent]) async throws {
        var start = events.startIndex
        while start < events.endIndex {
            let end = min(start + batchSize, events.endIndex)
            try await pushBatch(events[start..<end].map(Components.Schemas.SyncEvent.init))
            start = end
        }
    }

    private func fetchPage(since: String?) async throws -> Components.Schemas.SyncEventPage {
        let output = try await call { try await client.listSyncEvents(query: .init(since: since, limit: pageSize)) }
        switch output {
        case .ok(let ok): return try ok.body.json
        case .badRequest(let failure): throw Self.rejected(400, try? failure.body.json)
        case .unauthorized: throw StatsProviderError.unavailable("the session has ended; sign in again")
        // The account's synced data was cleared since this device's token: not worth retrying.
        case .gone(let failure): throw Self.rejected(410, try? failure.body.json)
        case .default(let status, let failure): throw Self.failure(status, try? failure.body.json)
        }
    }

    private func pushBatch(_ batch: [Components.Schemas.SyncEvent]) async throws {
        let output = try await call { try await client.pushSyncEvents(body: .json(.init(events: batch))) }
        switch output {
        case .ok: return
        case .badRequest(let failure): throw Self.rejected(400, try? failure.body.json)
        case .conflict(let failure): throw Self.rejected(409, try? failure.body.json)
        case .contentTooLarge(let failure): throw Self.rejected(413, try? failure.body.json)
        case .tooManyRequests(let failure): throw Self.failure(429, try? failure.body.json)
        case .unauthorized: throw StatsProviderError.unavailable("the session has ended; sign in again")
        case .default(let status, let failure): throw Self.failure(status, try? failure.body.json)
        }
    }

    /// Transport failures (no route, connection reset, timeouts) are worth retrying.
    private func call<Output>(_ operation: () async throws -> Output) async throws -> Output {
        do {
            return try await operation()
        } catch let error as StatsProviderError {
            throw error
        } catch {
            throw StatsProviderError.transient("the server could not be reached: \(error)")
        }
    }

    static func rejected(_ status: Int, _ envelope: Components.Schemas.ErrorEnvelope?) -> StatsProviderError {
        .rejected("HTTP \(status) \(describe(envelope))")
    }

    /// Rate limits and server errors pass; anything else a client sent wrong will not.
    static func failure(_ status: Int, _ envelope: Components.Schemas.ErrorEnvelope?) -> StatsProviderError {
        let reason = "HTTP \(status) \(describe(envelope))"
        return status == 429 || status >= 500 ? .transient(reason) : .rejected(reason)
    }

    static func describe(_ envelope: Components.Schemas.ErrorEnvelope?) -> String {
        guard let error = envelope?.error else { return "(no error body)" }
        return "\(error.code): \(error.message)"
    }
}
