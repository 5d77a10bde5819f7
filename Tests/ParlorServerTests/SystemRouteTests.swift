import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
@testable import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

@Suite struct SystemRouteTests {
    @Test func healthAnswersJSON() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
            #expect(body == ["status": "ok"])
        }
    }

    @Test func headIsServedWhereGetIs() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/health", method: .head)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func readyWhenDatabaseAnswersAndMigrationsAreCurrent(kind: TestDatabaseKind) async throws {
        try await withLiveServer(kind: kind) { client in
            let response = try await client.execute(uri: "/ready", method: .get)
            #expect(response.status == .ok)
            let readiness = try JSONDecoder().decode(Components.Schemas.Readiness.self, from: Data(buffer: response.body))
            #expect(readiness.status == .ready)
            #expect(readiness.database.dialect.rawValue == kind.rawValue)
            #expect(readiness.database.reachable)
            #expect(readiness.migrations.pending == [])
            #expect(readiness.migrations.applied == ParlorMigrations.all.map(\.version))
        }
    }

    @Test("a node whose key-encryption keys cannot open the stored signing keys is not ready", arguments: TestDatabaseKind.available)
    func notReadyWhenItCannotSign(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: true) { database in
            let first = try await ParlorApplication.build(configuration: ServerConfiguration(port: 0), database: database, services: .forTests(), logger: .quiet)
            try await first.test(.live) { client in
                #expect(try await Self.signIn(client) == .ok, "the first sign-in makes a signing key, sealed with this node's keys")
                let (status, ready) = try await Self.readiness(client)
                #expect(status == .ok && ready.status == .ready && ready.signing?.ready == true)
            }
            let otherKeys = try KeyEncryptionKeys(parsing: KeyEncryptionKeys.generateEntry(id: "other"))
            let second = try await ParlorApplication.build(
                configuration: ServerConfiguration(port: 0), database: database, services: .forTests(now: Date.init) { $0.keyEncryption = otherKeys }, logger: .quiet)
            try await second.test(.live) { client in
                let (status, ready) = try await Self.readiness(client)
                #expect(status == .serviceUnavailable && ready.status == .cannotSign)
                #expect(ready.signing?.ready == false && ready.signing?.message?.contains("signing keys") == true)
                #expect(ready.database.reachable && ready.migrations.pending.isEmpty)
                #expect(try await Self.signIn(client) == .internalServerError, "which is why it must not take traffic")
            }
        }
    }

    static func signIn(_ client: some TestClientProtocol) async throws -> HTTPResponse.Status {
        let response = try await client.execute(
            uri: "/auth/guest", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"device_id":"\#(UUID().uuidString)"}"#))
        return response.status
    }

    static func readiness(_ client: some TestClientProtocol) async throws -> (HTTPResponse.Status, Components.Schemas.Readiness) {
        let response = try await client.execute(uri: "/ready", method: .get)
        return (response.status, try JSONDecoder().decode(Components.Schemas.Readiness.self, from: Data(buffer: response.body)))
    }

    @Test(arguments: TestDatabaseKind.available)
    func notReadyWhileMigrationsArePending(kind: TestDatabaseKind) async throws {
        try await withLiveServer(kind: kind, migrated: false) { client in
            let response = try await client.execute(uri: "/ready", method: .get)
            #expect(response.status == .serviceUnavailable)
            let readiness = try JSONDecoder().decode(Components.Schemas.Readiness.self, from: Data(buffer: response.body))
            #expect(readiness.status == .migrationsPending)
            #expect(readiness.migrations.pending == ParlorMigrations.all.map(\.version))
        }
    }

    @Test func versionMatchesTheContract() async throws {
        let document = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let infoVersion = document.split(separator: "\n").first { $0.hasPrefix("  version: ") }?.dropFirst("  version: ".count)
        #expect(infoVersion.map(String.init) == ParlorBuild.apiVersion)
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/version", method: .get)
            #expect(response.status == .ok)
            let version = try JSONDecoder().decode(Components.Schemas.Version.self, from: Data(buffer: response.body))
            #expect(version.name == "parlor")
            #expect(version.version == ParlorBuild.version)
            #expect(version.apiVersion == ParlorBuild.apiVersion)
        }
    }

    @Test func servesTheCommittedOpenAPIDocument() async throws {
        let committed = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(String(buffer: response.body) == committed)
        }
    }

    /// Every path in the contract is served: none of them falls through to the 404 handler.
    @Test func everyDocumentedRouteIsServed() async throws {
        let document = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let paths = document.split(separator: "\n").filter { $0.hasPrefix("  /") }.map { String($0.dropFirst(2).dropLast()) }
        #expect(paths.count >= 30)
        try await withLiveServer { client in
            for template in paths {
                // A template's parameters get a placeholder: the resource may not exist, but the route must.
                let path = template.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix("{") ? "placeholder" : String($0) }.joined(separator: "/")
                let response = try await client.execute(uri: path, method: .get)
                let unrouted = response.status == .notFound && String(buffer: response.body).contains("no route for")
                #expect(!unrouted, "\(template) is documented but not served")
            }
        }
    }

    @Test func metricsCountRequestsAndTimeThemPerRoute() async throws {
        try await withLiveServer { client in
            for _ in 0..<3 { _ = try await client.execute(uri: "/health", method: .get) }
            _ = try await client.execute(uri: "/no/such/route", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = String(buffer: response.body)
            let healthCount = text.split(separator: "\n").first {
                $0.hasPrefix("hb_requests{") && $0.contains(#"http_route="/health""#) && $0.contains(#"http_response_status_code="200""#)
            }
            #expect(healthCount.flatMap { Int($0.split(separator: " ").last ?? "") }.map { $0 >= 3 } == true)
            #expect(text.contains("# TYPE http_server_request_duration histogram"))
            #expect(text.contains(#"http_server_request_duration_bucket{http_route="/health""#))
            #expect(text.contains(#"http_route="NotFound""#), "unknown paths share one series instead of one per path")
            #expect(!text.contains("/no/such/route"))
            // The standard process metrics, which a load test reads before and after its window.
            let cpu = text.split(separator: "\n").first { $0.hasPrefix("process_cpu_seconds_total ") }
            #expect(cpu.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(text)")
            let resident = text.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") }
            #expect(resident.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 > 1_000_000 } == true)
            #expect(text.contains("# TYPE process_cpu_seconds_total counter"))
        }
    }
}
