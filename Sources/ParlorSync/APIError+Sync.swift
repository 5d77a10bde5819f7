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

    static func invalidChangeToken(_ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_change_token", message: message)
    }
}
