import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP
import ParlorPlay
import ProcessStats
import Prometheus

/// Liveness, readiness, versions, metrics and the contract itself.
extension APIHandler {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    func getReady(_ input: Operations.GetReady.Input) async throws -> Operations.GetReady.Output {
        let dialect = Components.Schemas.Readiness.DatabasePayload.DialectPayload(rawValue: database.dialect.rawValue) ?? .sqlite
        let status: MigrationStatus
        do {
            try await database.ping(timeout: readinessTimeout)
            status = try await migrator.status(database)
        } catch {
            let readiness = Components.Schemas.Readiness(
                status: .databaseUnreachable,
                database: .init(dialect: dialect, reachable: false, message: String(describing: error)),
                migrations: .init(applied: [], pending: migrator.migrations.map(\.version), unknown: [])
            )
            return .serviceUnavailable(.init(body: .json(readiness)))
        }
        let migrations = Components.Schemas.Readiness.MigrationsPayload(applied: status.applied, pending: status.pending, unknown: status.unknown)
        guard status.isCurrent else {
            let readiness = Components.Schemas.Readiness(
                status: status.unknown.isEmpty ? .migrationsPending : .databaseNewerThanBuild, database: .init(dialect: dialect, reachable: true),
                migrations: migrations)
            return .serviceUnavailable(.init(body: .json(readiness)))
        }
        // A node that cannot sign answers every sign-in with a 500: it is not ready either.
        if let problem = await accountsAPI.signingProblem() {
            let readiness = Components.Schemas.Readiness(
                status: .cannotSign, database: .init(dialect: dialect, reachable: true), migrations: migrations,
                signing: .init(ready: false, message: problem))
            return .serviceUnavailable(.init(body: .json(readiness)))
        }
        let readiness = Components.Schemas.Readiness(
            status: .ready, database: .init(dialect: dialect, reachable: true), migrations: migrations, signing: .init(ready: true))
        return .ok(.init(body: .json(readiness)))
    }

    func getVersion(_ input: Operations.GetVersion.Input) async throws -> Operations.GetVersion.Output {
        .ok(.init(body: .json(.init(name: "parlor", version: ParlorBuild.version, apiVersion: ParlorBuild.apiVersion))))
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        // The process's own CPU and memory, as Prometheus' client libraries export them, so a
        // load test can read the server's cost over exactly its measured window.
        .ok(.init(body: .plainText(HTTPBody(ParlorMetrics.registry.emitToString() + ProcessUsage.current().prometheusText))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(APIDocument.yaml))))
    }
}
