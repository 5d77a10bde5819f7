import Hummingbird
import Synchronization

/// Refuses request bodies larger than `limit` bytes with 413, whether the size is declared in
/// `Content-Length` (refused before reading) or only discovered while the body streams in.
package struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    package let limit: Int

    package init(limit: Int) { self.limit = limit }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        var request = request
        request.body = RequestBody(asyncSequence: LimitedBody(base: request.body, limit: limit, seen: ReceivedBody.current))
        return try await next(request, context)
    }
}

/// A body that throws ``APIError/payloadTooLarge(limit:)`` once more than `limit` bytes have arrived.
struct LimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let limit: Int
    var seen: ReceivedBody? = nil

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let limit: Int
        let seen: ReceivedBody?
        var received = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else {
                seen?.ended(after: received)
                return nil
            }
            received += buffer.readableBytes
            if received > limit { throw APIError.payloadTooLarge(limit: limit) }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit, seen: seen)
    }
}

/// Whether the request's body was read to its end and held nothing: a decoding error then means
/// a missing body, which deserves its own words. ``ErrorMiddleware`` publishes one per request.
package final class ReceivedBody: Sendable {
    @TaskLocal package static var current: ReceivedBody?

    private let emptyAtEnd = Mutex<Bool?>(nil)

    package init() {}

    func ended(after bytes: Int) { emptyAtEnd.withLock { $0 = bytes == 0 } }

    /// True when the body was read to its end and was empty.
    package var wasEmpty: Bool { emptyAtEnd.withLock { $0 == true } }
}
