import Foundation

/// An opaque page cursor over a list ordered newest first: the last row's time and id.
package struct PageCursor: Sendable, Equatable {
    package var time: Int64
    package var id: String

    package init(time: Int64, id: String) {
        self.time = time
        self.id = id
    }

    package var token: String { Data("\(time):\(id)".utf8).base64EncodedString() }

    package static func parse(_ token: String) throws -> PageCursor {
        guard let data = Data(base64Encoded: token), let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":"), let time = Int64(text[..<colon])
        else { throw APIError.invalidFields([FieldError(field: "cursor", message: "not a cursor this server handed out")]) }
        return PageCursor(time: time, id: String(text[text.index(after: colon)...]))
    }

    /// A page size from the query: `fallback` when absent, 400 outside 1…100.
    package static func limit(_ value: Int?, fallback: Int = 50) throws -> Int {
        let limit = value ?? fallback
        guard (1...100).contains(limit) else { throw APIError.invalidFields([FieldError(field: "limit", message: "must be 1–100")]) }
        return limit
    }
}
