import Hummingbird
import Logging

/// Gives every response an `X-Request-Id` and every log line of the request the same id.
///
/// A client's own id is kept when it is short and plain (so it can be traced across systems);
/// otherwise the server's generated one is used.
package struct RequestIDMiddleware<Context: RequestIDContext>: RouterMiddleware {
    package static var metadataKey: String { "hb.request.id" }

    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // Not `context.id`: that reads the logger's metadata back and traps when a handler drops it.
        let id = request.headers[.requestID].flatMap { Self.isAcceptable($0) ? $0 : nil } ?? RequestID().description
        context.requestID = id
        context.logger[metadataKey: Self.metadataKey] = .string(id)
        var response = try await next(request, context)
        response.headers[.requestID] = id
        return response
    }

    package static func isAcceptable(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
