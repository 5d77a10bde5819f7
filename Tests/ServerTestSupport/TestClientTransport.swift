import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenAPIRuntime

/// Sends the generated client's requests through a Hummingbird test client: in `.router` mode
/// every request runs the real application's full middleware and route pipeline in process, with
/// no sockets; in `.live` mode over real loopback connections.
public struct TestClientTransport: ClientTransport {
    public let client: any TestClientProtocol

    public init(client: any TestClientProtocol) {
        self.client = client
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var buffer: ByteBuffer?
        if let body { buffer = ByteBuffer(bytes: try await [UInt8](collecting: body, upTo: 16 << 20)) }
        let response = try await client.executeRequest(
            uri: request.path ?? "/", method: request.method, headers: request.headerFields, body: buffer)
        let reply = HTTPResponse(status: response.status, headerFields: response.headers)
        return (reply, HTTPBody([UInt8](buffer: response.body)))
    }
}
