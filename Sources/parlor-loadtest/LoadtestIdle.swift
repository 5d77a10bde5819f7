import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import OpenAPIAsyncHTTPClient
import ParlorClient
import ProcessStats
import Synchronization
import WSClient

/// `--idle N`: what silent connections cost the server. One guest opens N sockets, each
/// authenticated on its upgrade and subscribed to one of the guest's games, spread over child
/// processes of at most `socketsPerProcess` each (a process may hold 20,000 open files here);
/// then nothing is sent for `seconds` but the server's heartbeats and their answers. The report
/// gives the server's resident memory per connection and its CPU while they idle.
struct LoadtestIdle {
    static let socketsPerProcess = 9_000

    let server: URL
    let webSocket: URL
    let sockets: Int
    let seconds: Double

    struct Report: Encodable {
        var sockets: Int
        var held: Int
        var idleSeconds: Double
        var serverResidentMBBefore: Double?
        var serverResidentMBHeld: Double?
        var serverKBPerConnection: Double?
        var serverCPUPercentOfOneCore: Double?
        var failures: Int
        /// Held sockets the server closed while they idled (each answered every ping).
        var closedWhileIdle: Int?

        private enum CodingKeys: String, CodingKey {
            case sockets, held, idleSeconds = "idle_seconds", serverResidentMBBefore = "server_resident_mb_before"
            case serverResidentMBHeld = "server_resident_mb_held", serverKBPerConnection = "server_kb_per_connection"
            case serverCPUPercentOfOneCore = "server_cpu_percent_of_one_core", failures, closedWhileIdle = "closed_while_idle"
        }

        var text: String {
            func format(_ value: Double?, _ digits: Int) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "?" }
            return """
                idle: \(held) of \(sockets) authenticated, subscribed sockets held silent for \(format(idleSeconds, 1)) s \
                (\(failures) failed, \(closedWhileIdle.map(String.init) ?? "?") closed by the server meanwhile)
                server memory: \(format(serverResidentMBBefore, 1)) MB before, \(format(serverResidentMBHeld, 1)) MB holding them, \
                \(format(serverKBPerConnection, 1)) KB per connection
                server CPU while idle: \(format(serverCPUPercentOfOneCore, 2)) % of one core (heartbeats included)
                """
        }
    }

    func run(http: HTTPClient) async throws -> Report {
        let client = ParlorClient(serverURL: server, transport: AsyncHTTPClientTransport(configuration: .init(client: http)))
        try await LoadtestAPI.signIn(client, deviceID: "loadtest-idle-\(UUID().uuidString.prefix(8))", name: "idle sockets")
        let game = try await LoadtestAPI.createGame(client, game: "quortex", players: 2).id
        let token = try await client.session.accessToken()
        let before = await LoadtestCost.sample(server: server, http: http)

        // The workers: this program again, each holding its share until its standard input closes.
        var workers: [(Process, Pipe, Pipe)] = []
        var remaining = sockets
        while remaining > 0 {
            let count = min(remaining, Self.socketsPerProcess)
            remaining -= count
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            process.arguments = ["--idle-worker", "\(count)", "--server", server.absoluteString, "--idle-game", game.uuidString]
            process.environment = ProcessInfo.processInfo.environment.merging(["PARLOR_LOADTEST_TOKEN": token]) { _, new in new }
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            workers.append((process, input, output))
        }
        defer {
            for (process, input, _) in workers {
                try? input.fileHandleForWriting.close()
                if process.isRunning { process.terminate() }
            }
        }
        // Each worker prints one line once every socket it holds is subscribed (or failed).
        var held = 0
        var failures = 0
        for (_, _, output) in workers {
            let line = await Self.firstLine(of: output.fileHandleForReading)
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            held += numbers.first ?? 0
            failures += numbers.dropFirst().first ?? 0
        }
        try await Task.sleep(for: .seconds(2))  // let the server settle after the connection burst
        let start = await LoadtestCost.sample(server: server, http: http)
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        let end = await LoadtestCost.sample(server: server, http: http)
        // Each worker answers a line with the number of its sockets the server has closed.
        var closed: Int? = 0
        for (_, input, output) in workers {
            try? input.fileHandleForWriting.write(contentsOf: Data("report\n".utf8))
            let count = Int(await Self.firstLine(of: output.fileHandleForReading))
            closed = closed.flatMap { total in count.map { total + $0 } }
        }

        func megabytes(_ bytes: Int?) -> Double? { bytes.map { (Double($0) / 1_048_576 * 10).rounded() / 10 } }
        let perConnection: Double? = {
            guard let first = before.server?.residentBytes, let holding = start.server?.residentBytes, held > 0 else { return nil }
            return (Double(holding - first) / 1024 / Double(held) * 10).rounded() / 10
        }()
        let elapsed = end.at - start.at
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = end.server.flatMap { last in start.server.map { (last.cpuSeconds - $0.cpuSeconds) / elapsedSeconds * 100 } }
        return Report(
            sockets: sockets, held: held, idleSeconds: (elapsedSeconds * 10).rounded() / 10,
            serverResidentMBBefore: megabytes(before.server?.residentBytes), serverResidentMBHeld: megabytes(start.server?.residentBytes),
            serverKBPerConnection: perConnection, serverCPUPercentOfOneCore: cpu.map { ($0 * 100).rounded() / 100 }, failures: failures,
            closedWhileIdle: closed)
    }

    /// Reads a pipe until its first newline, on a thread of its own (the read blocks).
    static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "")
            }
        }
    }
}
