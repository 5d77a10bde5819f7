import ApplePush
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// APNs' answer to one request.
package struct APNsAnswer: Sendable, Equatable {
    package var status: Int
    package var body: Data?

    package init(status: Int, body: Data?) {
        self.status = status
        self.body = body
    }
}

/// Where notifications go: APNs itself, or the log during development.
package protocol PushTransport: Sendable {
    /// Sends `request` to the APNs host of `environment`; `renewToken` makes a new provider token
    /// first (APNs answered that the current one expired).
    func send(_ request: APNsRequest, environment: APNsEnvironment, renewToken: Bool) async throws -> APNsAnswer
}

/// APNs over HTTP/2 (AsyncHTTPClient negotiates it by ALPN and keeps one connection per host,
/// multiplexing requests on it, as Apple asks) with token authentication.
package final class APNsHTTPTransport: PushTransport {
    let client: HTTPClient
    let provider: APNsProviderToken
    let hosts: [APNsEnvironment: URL]
    let now: @Sendable () -> Date
    private let tokens = Mutex(APNsProviderTokenCache())

    /// - Parameter hosts: overrides of APNs' two hosts (a local fake in tests).
    package init(client: HTTPClient, provider: APNsProviderToken, hosts: [APNsEnvironment: URL] = [:], now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.provider = provider
        self.hosts = hosts
        self.now = now
    }

    package func send(_ request: APNsRequest, environment: APNsEnvironment, renewToken: Bool) async throws -> APNsAnswer {
        let seconds = Int64(now().timeIntervalSince1970)
        let token = try tokens.withLock { try $0.token(at: seconds, expired: renewToken, from: provider) }
        let base = (hosts[environment] ?? environment.baseURL).absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var http = HTTPClientRequest(url: base + request.path)
        http.method = .POST
        for header in request.headers(providerToken: token) { http.headers.add(name: header.name, value: header.value) }
        http.headers.add(name: "content-type", value: "application/json")
        http.body = .bytes(ByteBuffer(bytes: request.payload))
        let response = try await client.execute(http, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024)
        return APNsAnswer(status: Int(response.status.code), body: body.readableBytes > 0 ? Data(body.readableBytesView) : nil)
    }
}

/// Development's transport: logs each notification and answers as APNs would for a good one.
package struct LogOnlyPushTransport: PushTransport {
    let logger: Logger

    package init(logger: Logger) { self.logger = logger }

    package func send(_ request: APNsRequest, environment: APNsEnvironment, renewToken: Bool) async throws -> APNsAnswer {
        logger.info(
            "push (log only)",
            metadata: [
                "apns_id": "\(request.id.uuidString.lowercased())", "topic": "\(request.topic)", "push_type": "\(request.pushType.rawValue)",
                "environment": "\(environment.rawValue)", "token": "\(request.deviceToken.prefix(8))…",
                "payload": "\(String(decoding: request.payload, as: UTF8.self))",
            ])
        return APNsAnswer(status: 200, body: nil)
    }
}
