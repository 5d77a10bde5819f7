import Hummingbird

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
        request.body = RequestBody(asyncSequence: LimitedBody(base: request.body, limit: limit))
        return try await next(request, context)
    }
}

/// A body that throws ``APIError/payloadTooLarge(limit:)`` once more than `limit` bytes have arrived.
struct LimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let limit: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let limit: Int
        var received = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            received += buffer.readableBytes
            if received > limit { throw APIError.payloadTooLarge(limit: limit) }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit)
    }
}
