import HTTPTypes
import HummingbirdTesting
import NIOCore

/// One request to a server on this machine.
func request(_ path: String, port: Int, method: HTTPRequest.Method = .get) async throws -> TestClient.Response {
    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
        try await client.execute(TestClient.Request(path, method: method, authority: "127.0.0.1:\(port)"))
    }
}
