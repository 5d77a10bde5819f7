import Crypto
import Foundation
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// Runs a fake's router on 127.0.0.1 at an ephemeral port for the length of `body`, then stops it
/// gracefully whether `body` succeeds or throws. No signal handlers: the test process owns SIGINT and
/// SIGTERM.
enum LoopbackServer {
    /// Over TLS (HTTP/2 or 1.1), its certificate (for `localhost` and 127.0.0.1) issued by a root made
    /// for the run; the body gets the port and that root's PEM to trust.
    static func runTLS<Result: Sendable>(
        router: Router<BasicRequestContext>, label: String, isolation: isolated (any Actor)? = #isolation,
        _ body: (_ port: Int, _ rootPEM: String) async throws -> Result
    ) async throws -> Result {
        let root = try TestCertificateAuthority(name: "\(label) TLS Root")
        let server = try root.issueServer()
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: server.der, format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(server.key.pemRepresentation.utf8), format: .pem)))
        tls.minimumTLSVersion = .tlsv12
        return try await run(router: router, tls: tls, label: label) { port in
            try await body(port, root.pem)
        }
    }

    /// Over plain HTTP/1.1, or with `tls` over TLS (HTTP/2 or 1.1); the body gets the port.
    static func run<Result: Sendable>(
        router: Router<BasicRequestContext>, tls: TLSConfiguration? = nil, label: String,
        isolation: isolated (any Actor)? = #isolation, _ body: (_ port: Int) async throws -> Result
    ) async throws -> Result {
        let logger = Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            server: try tls.map { try .http2Upgrade(tlsConfiguration: $0) } ?? .http1(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { portContinuation.yield(port) }
                portContinuation.finish()
            },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self, isolation: isolation) { group in
            group.addTask {
                // If the server cannot start, end the port stream so the caller does not wait forever.
                defer { portContinuation.finish() }
                try await services.run()
            }
            var port: Int?
            for await bound in ports { port = bound }
            guard let port else {
                try await group.next()
                throw LoopbackServerError(label: label)
            }
            do {
                let result = try await body(port)
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return result
            } catch {
                await services.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
        }
    }
}

struct LoopbackServerError: Error, CustomStringConvertible {
    let label: String
    var description: String { "\(label) did not start" }
}
