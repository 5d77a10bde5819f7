import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import TestSupport

extension AccountsHarness {
    /// Sends raw JSON bytes over a pooled client of its own (the test client keeps one
    /// connection, which would queue concurrent calls instead of running them at once).
    public func send(_ path: String, data: Data? = nil, method: HTTPRequest.Method = .post, token: String? = nil) async throws -> Reply {
        guard let port = client.port else { throw TestSetupError("raw sends need a live server") }
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let data {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: data))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        var headers = HTTPFields()
        for (name, value) in response.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        return Reply(status: HTTPResponse.Status(code: Int(response.status.code)), headers: headers, data: Data(buffer: body))
    }
}
