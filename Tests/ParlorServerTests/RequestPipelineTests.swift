import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
@testable import ParlorHTTP
import Testing

@Suite struct RequestPipelineTests {
    @Test func everyResponseCarriesARequestID() async throws {
        try await withLiveServer { client in
            let ok = try await client.execute(uri: "/health", method: .get)
            let missing = try await client.execute(uri: "/nope", method: .get)
            let first = try #require(ok.headers[.requestID])
            let second = try #require(missing.headers[.requestID])
            #expect(!first.isEmpty)
            #expect(first != second)
        }
    }

    @Test func aClientRequestIDIsEchoed() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/health", method: .get, headers: [.requestID: "trace-42.abc_DEF"])
            #expect(response.headers[.requestID] == "trace-42.abc_DEF")
        }
    }

    @Test(arguments: ["has space", String(repeating: "x", count: 129), "semi;colon", "ünïcode"])
    func anUnsafeClientRequestIDIsReplaced(id: String) async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/health", method: .get, headers: [.requestID: id])
            let echoed = try #require(response.headers[.requestID])
            #expect(echoed != id)
            #expect(!echoed.isEmpty)
        }
    }

    /// A body that only reveals its size while streaming (no Content-Length) is cut off at the limit.
    @Test func streamedBodyIsCutOffAtTheLimit() async throws {
        let chunks = [ByteBuffer(repeating: 1, count: 40), ByteBuffer(repeating: 2, count: 40)]
        let limited = LimitedBody(base: RequestBody(asyncSequence: chunks.async), limit: 64)
        var received = 0
        await #expect(throws: APIError.payloadTooLarge(limit: 64)) {
            for try await chunk in limited { received += chunk.readableBytes }
        }
        #expect(received == 40)
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
