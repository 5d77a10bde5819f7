import Foundation
import NIOFoundationCompat
import Hummingbird

/// Decodes JSON request bodies for plain Hummingbird routes, refusing other content types (415)
/// and turning decoding failures into a 400 that says what was wrong and where.
public struct JSONBodyDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let contentType = request.headers[.contentType]
        guard let contentType, Self.isJSON(contentType) else { throw APIError.unsupportedMediaType(contentType) }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { throw APIError.malformedJSON("the request body is empty; expected a JSON document") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(T.self, from: Data(buffer: buffer))
        } catch let error as DecodingError {
            throw APIError.malformedJSON(Self.describe(error))
        }
    }

    package static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// Says what failed and at which key path, without echoing the client's payload back.
    package static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : "'\(keys.joined(separator: "."))'"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation also says this of a number that is not a whole one, or too large for 64 bits.
            return "the body is not valid JSON, or holds a number that is not a whole number of at most 64 bits where one is expected"
        case .dataCorrupted(let context) where context.debugDescription.hasPrefix("Additional properties are disabled"):
            return "unknown field \(path(context)); the request takes only the documented fields"
        case .dataCorrupted(let context):
            return "invalid value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing field '\(key.stringValue)' in \(path(context))"
        case .typeMismatch(let type, let context):
            return "wrong type at \(path(context)): expected \(jsonName(of: type))"
        case .valueNotFound(let type, let context):
            return "missing value at \(path(context)): expected \(jsonName(of: type))"
        @unknown default:
            return "the body does not match the expected JSON shape"
        }
    }

    /// What JSON calls a Swift type a decoder expected.
    private static func jsonName(of type: Any.Type) -> String {
        let name = String(describing: type)
        if ["Int", "Int64", "Int32", "UInt8", "Double", "Float"].contains(name) { return "a number" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") || name.contains("Container") { return "an object" }
        return "a different type"
    }
}
