import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

/// `parlor serve --database-url postgres://…`, one node and several at once.
@Suite(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
struct PostgresServeTests {
    @Test func twoNodesStartedTogetherShareOneSetOfMigrations() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await withTemporaryDirectory { directory in
                let nodes = try (0..<2).map { _ in
                    try ParlorProcess(["serve", "--port", "0", "--database-url", location.urlString], in: directory)
                }
                for node in nodes {
                    let port = try await node.waitUntilListening()
                    let ready = try await request("/ready", port: port)
                    #expect(ready.status == .ok)
                    let body = String(buffer: ready.body ?? ByteBuffer())
                    #expect(body.contains(#""dialect" : "postgres""#))
                    #expect(body.contains(#""status" : "ready""#))
                }
                let versions = ParlorMigrations.all.map { String($0.version) }.joined(separator: ", ")
                let applied = nodes.map { $0.standardError.contains("migrations_applied=[\(versions)]") }
                #expect(applied.filter { $0 }.count == 1, "exactly one node applies the migration")

                let rows = try await Database.withOpened(location, logger: .quiet) { database in
                    try await database.withConnection { sql in try await sql.select().column("version").from(Migrator.table).all().count }
                }
                #expect(rows == ParlorMigrations.all.count)
                for node in nodes {
                    node.send(SIGTERM)
                    #expect(try await node.waitForExit() == 0)
                }
            }
        }
    }
}
