import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import StatsSync

/// Tandem's stats sync: push a batch, page through the log, read the projected summary.
extension SyncAPI {
    package func pushSyncEvents(_ input: Operations.PushSyncEvents.Input) async throws -> Operations.PushSyncEvents.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let batch = try SyncBatch(wire: body.events, now: sync.now().millis)
        try await accounts.limit("sync:user:\(caller.userID)", accounts.configuration.rateLimits.syncUploadsPerUser)
        let result = try await sync.push(batch, restore: body.restore ?? false, for: caller.userID)
        return .ok(
            .init(
                body: .json(
                    .init(
                        accepted: result.accepted, duplicates: result.duplicates, changeToken: result.token.description,
                        version: .init(result.version)))))
    }

    package func listSyncEvents(_ input: Operations.ListSyncEvents.Input) async throws -> Operations.ListSyncEvents.Output {
        let caller = try await accounts.authenticate()
        let page = try await sync.page(since: input.query.since, limit: input.query.limit, for: caller.userID)
        // Stored bodies are already the wire form: decoded straight into the response type.
        let events = try SyncService.decode(page.bodies, as: Components.Schemas.SyncEvent.self)
        return .ok(
            .init(body: .json(.init(events: events, next: page.next.description, hasMore: page.hasMore, version: .init(page.version)))))
    }

    package func getSyncSummary(_ input: Operations.GetSyncSummary.Input) async throws -> Operations.GetSyncSummary.Output {
        let caller = try await accounts.authenticate()
        let summary = try await sync.summary(today: input.query.today, for: caller.userID)
        return .ok(
            .init(
                body: .json(
                    .init(
                        stats: .init(summary.stats), settings: .init(additionalProperties: summary.settings),
                        version: .init(summary.version), eventCount: summary.eventCount, changeToken: summary.token.description))))
    }

    package func clearSyncEvents(_ input: Operations.ClearSyncEvents.Input) async throws -> Operations.ClearSyncEvents.Output {
        let caller = try await accounts.authenticate()
        let cleared = try await sync.clear(for: caller.userID)
        return .ok(.init(body: .json(.init(cleared: cleared.events, changeToken: cleared.token.description))))
    }
}
