import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenAPIRuntime
import Synchronization

/// The real transport, counting the requests that pass through it by operation, and able to go
/// down (nothing reaches the server) or lose answers (the server acts, the answer never comes
/// back), as a phone's network does.
final class CountingTransport: ClientTransport, Sendable {
    enum State { case up, down, losingAnswers }
    struct Unreachable: Error {}

    let inner: any ClientTransport
    let state = Mutex(State.up)
    private let sent = Mutex<[String]>([])

    init(_ inner: any ClientTransport) { self.inner = inner }

    /// Every operation sent so far, in order (a request that found the network down included).
    var operations: [String] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        sent.withLock { $0.append(operationID) }
        switch state.withLock({ $0 }) {
        case .up: return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        case .down: throw Unreachable()
        case .losingAnswers:
            // The server acts on the request; its answer is lost on the way back, on purpose.
            _ = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
            throw Unreachable()
        }
    }
}
