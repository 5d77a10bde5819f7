import AsyncHTTPClient
import Foundation
import NIOCore
import ProcessStats

/// What the measured window cost, from samples taken as it began and as it ended: the server's
/// CPU and memory (its `/metrics`), a PostgreSQL on this machine (its processes in `/proc`), and
/// this load generator itself. Warm-up and setup are outside the window.
struct LoadtestCost: Sendable {
    struct Sample: Sendable {
        var server: ProcessUsage?
        /// CPU seconds of each PostgreSQL process on this machine (backends come and go).
        var postgres: [Int32: Double]
        var own: ProcessUsage
        var at: ContinuousClock.Instant
    }

    var start: Sample
    var end: Sample

    static func sample(server: URL, http: HTTPClient) async -> Sample {
        var postgres: [Int32: Double] = [:]
        for pid in ProcessUsage.processes(named: "postgres") { postgres[pid] = ProcessUsage.of(pid: pid)?.cpuSeconds }
        return Sample(server: await scrape(server, http), postgres: postgres, own: ProcessUsage.current(), at: .now)
    }

    /// The server's process metrics; nil when it does not export them (or cannot be reached).
    private static func scrape(_ server: URL, _ http: HTTPClient) async -> ProcessUsage? {
        do {
            let response = try await http.execute(HTTPClientRequest(url: server.appendingPathComponent("metrics").absoluteString), timeout: .seconds(10))
            // Anything but a metrics page (an error, an older server) has no process metrics in it.
            let body = try await response.body.collect(upTo: 16 << 20)
            return ProcessUsage(prometheusText: String(buffer: body))
        } catch {
            return nil
        }
    }

    /// CPU milliseconds per move of each process, and the server's moves per core-second.
    func report(moves: Int) -> LoadtestReport.Cost {
        func perMove(_ seconds: Double?) -> Double? {
            guard let seconds, moves > 0 else { return nil }
            return (seconds * 1000 / Double(moves) * 1000).rounded() / 1000
        }
        let serverSeconds = end.server.flatMap { last in start.server.map { last.cpuSeconds - $0.cpuSeconds } }
        // Per process: a backend that started in the window counts whole; one that ended in it is
        // lost (its last seconds cannot be read), so this errs low.
        let postgresSeconds: Double? =
            end.postgres.isEmpty ? nil : end.postgres.reduce(0) { $0 + $1.value - (start.postgres[$1.key] ?? 0) }
        return LoadtestReport.Cost(
            serverCPUMsPerMove: perMove(serverSeconds),
            movesPerServerCoreSecond: serverSeconds.flatMap { $0 > 0 ? (Double(moves) / $0).rounded() : nil },
            serverResidentMB: end.server?.residentBytes.map { (Double($0) / 1_048_576 * 10).rounded() / 10 },
            postgresCPUMsPerMove: perMove(postgresSeconds),
            loadtestCPUMsPerMove: perMove(end.own.cpuSeconds - start.own.cpuSeconds))
    }
}
