import Foundation
import Hummingbird

/// An error a client is told about: a status, a stable snake_case code and a human message.
///
/// It renders as the envelope `{"error":{"code":"…","message":"…"}}` that every Parlor error uses.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var headers: HTTPFields
    /// With `invalid_fields`: every field that failed validation.
    public var fields: [FieldError]
    /// Facts beside the message a client may act on (`suspended_until`); each becomes a field of
    /// the envelope's `error` object.
    public var context: [String: String] = [:]

    public init(
        _ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:], fields: [FieldError] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.fields = fields
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public static func badRequest(_ message: String) -> APIError {
        APIError(.badRequest, code: "bad_request", message: message)
    }

    public static func malformedJSON(_ message: String) -> APIError {
        APIError(.badRequest, code: "malformed_json", message: message)
    }

    public static func unsupportedMediaType(_ received: String?) -> APIError {
        APIError(
            .unsupportedMediaType, code: "unsupported_media_type",
            message: "expected Content-Type application/json, got \(received.map { "'\($0)'" } ?? "none")"
        )
    }

    public static func notFound(_ message: String) -> APIError {
        APIError(.notFound, code: "not_found", message: message)
    }

    public static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed, code: "method_not_allowed", message: "\(method.rawValue) is not allowed on \(path); use \(list)",
            headers: [.allow: list]
        )
    }

    public static func payloadTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "payload_too_large", message: "request body exceeds the limit of \(limit) bytes")
    }

    public static func internalError(requestID: String) -> APIError {
        APIError(.internalServerError, code: "internal_error", message: "internal error; quote request id \(requestID) when reporting it")
    }

    /// A code for a status that has no more specific one: `Not Found` becomes `not_found`.
    package static func code(for status: HTTPResponse.Status) -> String {
        if status == .contentTooLarge { return "payload_too_large" }
        let words = status.reasonPhrase.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.isEmpty ? "http_\(status.code)" : words.joined(separator: "_")
    }
}

extension APIError: HTTPResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(ErrorEnvelope(error: .init(code: code, message: message, fields: fields.isEmpty ? nil : fields, context: self.context)))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// The wire shape of every error.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        public var fields: [FieldError]?
        /// The error's other fields (``APIError/context``), beside `code`, `message` and `fields`.
        public var context: [String: String]

        public init(code: String, message: String, fields: [FieldError]? = nil, context: [String: String] = [:]) {
            self.code = code
            self.message = message
            self.fields = fields
            self.context = context
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
            static let code = Key(stringValue: "code"), message = Key(stringValue: "message"), fields = Key(stringValue: "fields")
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            code = try container.decode(String.self, forKey: .code)
            message = try container.decode(String.self, forKey: .message)
            fields = try container.decodeIfPresent([FieldError].self, forKey: .fields)
            var context: [String: String] = [:]
            for key in container.allKeys where ![Key.code, .message, .fields].map(\.stringValue).contains(key.stringValue) {
                if let value = try? container.decode(String.self, forKey: key) { context[key.stringValue] = value }
            }
            self.context = context
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encodeIfPresent(fields, forKey: .fields)
            for (name, value) in context where ![Key.code, .message, .fields].map(\.stringValue).contains(name) {
                try container.encode(value, forKey: Key(stringValue: name))
            }
        }
    }

    public var error: Detail

    public init(error: Detail) {
        self.error = error
    }
}

/// One field of a request body that failed validation, and why.
public struct FieldError: Codable, Sendable, Equatable {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
