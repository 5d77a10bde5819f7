import Foundation

/// What a finished compiler run said.
struct ToolRun: Sendable {
    let arguments: [String]
    let status: Int32
    let output: String

    var succeeded: Bool { status == 0 }

    /// The invocation and what it printed, for a failure's message.
    var report: String {
        "$ " + arguments.joined(separator: " ") + "\n(exit \(status))\n" + output
    }

    /// Runs a tool to its end on a thread of its own (a compile takes seconds; the test pool's
    /// threads stay free), stdout and stderr together, killed if it outlives `timeout` seconds.
    static func run(_ executable: URL, _ arguments: [String], timeout: Double = 300) async throws -> ToolRun {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try runBlocking(executable, arguments, timeout: timeout))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String], timeout: Double) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        // Read before waiting: a compiler with more to say than the pipe holds would block forever.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        return ToolRun(
            arguments: [executable.path] + arguments, status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
