import Hummingbird
import ParlorAccounts
import ParlorHTTP

/// The errors of the sync routes.
extension APIError {
    static func batchTooLarge(count: Int, limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "batch_too_large", message: "a batch holds at most \(limit) events; this one holds \(count)")
    }

    /// Events that clash with stored ones; `fields` names each refused event of the batch.
    static func eventConflict(_ events: [FieldError]) -> APIError {
        let shown = events.prefix(10).map(\.message).joined(separator: "; ")
        let more = events.count > 10 ? "; and \(events.count - 10) more" : ""
        return APIError(
            .conflict, code: "event_conflict", message: "the batch clashes with stored events, nothing was stored: \(shown)\(more)",
            fields: events)
    }

    /// Events from before the user cleared their synced data, refused unless the upload restores them.
    static func syncCleared(_ events: [FieldError]) -> APIError {
        let shown = events.prefix(10).map(\.message).joined(separator: "; ")
        let more = events.count > 10 ? "; and \(events.count - 10) more" : ""
        return APIError(
            .conflict, code: "sync_cleared",
            message: "the batch holds events from before this account's synced data was cleared, nothing was stored (send restore: true to keep them): \(shown)\(more)",
            fields: events)
    }

    /// A change token from before the user cleared their synced data.
    static func syncCleared(_ message: String) -> APIError {
        APIError(.gone, code: "sync_cleared", message: message)
    }

    static func invalidChangeToken(_ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_change_token", message: message)
    }
}
