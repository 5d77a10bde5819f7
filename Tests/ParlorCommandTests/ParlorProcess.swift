import Foundation
import Synchronization

/// The built `parlor` binary, run as a child process with captured output.
final class ParlorProcess: Sendable {
    private let process: Process
    private let stdoutBuffer = OutputBuffer()
    private let stderrBuffer = OutputBuffer()

    /// The built `executable` next to the test bundle in the build directory (or an absolute
    /// path, such as the test Python); `parlor` may be replaced by `PARLOR_BINARY`.
    static func binary(_ executable: String = "parlor") -> URL {
        if executable.hasPrefix("/") { return URL(fileURLWithPath: executable) }
        if executable == "parlor", let path = ProcessInfo.processInfo.environment["PARLOR_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(executable)
    }

    /// Starts `executable ARGUMENTS` in `directory`. The child sees no `PARLOR_*` variable but `environment`'s.
    /// `input`, when given, is written to its standard input, which is then closed. With `through`,
    /// that command runs the executable (`["/usr/bin/ip", "netns", "exec", "a"]`: in a network namespace).
    init(
        _ arguments: [String], executable: String = "parlor", in directory: URL, environment: [String: String] = [:], input: Data? = nil,
        through wrapper: [String] = []
    ) throws {
        process = Process()
        if let launcher = wrapper.first {
            process.executableURL = URL(fileURLWithPath: launcher)
            process.arguments = Array(wrapper.dropFirst()) + [Self.binary(executable).path] + arguments
        } else {
            process.executableURL = Self.binary(executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARLOR_") }
        inherited.merge(environment) { _, new in new }
        process.environment = inherited
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        // A blocking reader thread per pipe: on Linux a readability handler sometimes misses the
        // last chunk or the end of file, which left a finished child's output incomplete.
        for (pipe, buffer) in [(out, stdoutBuffer), (err, stderrBuffer)] {
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { buffer.drain(handle) }
        }
        if let stdin, let input {
            try stdin.fileHandleForWriting.write(contentsOf: input)
            try stdin.fileHandleForWriting.close()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Runs the child at a lower CPU priority: a test that keeps two busy processes going for half
    /// a minute must not starve the suites running beside it on a two-core machine.
    func lowerPriority(by niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.processIdentifier), niceness)
    }

    var standardOutput: String { stdoutBuffer.text }
    var standardError: String { stderrBuffer.text }

    /// Waits until `parlor serve` (or another server, by the line's `prefix`) prints its address, and returns the port.
    func waitUntilListening(prefix: String = "Parlor listening on http://", timeout: Duration = .seconds(60)) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = standardOutput.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
                let port = line.split(separator: ":").last.flatMap({ Int($0) })
            {
                return port
            }
            guard process.isRunning else { throw ProcessFailure("parlor exited before listening:\n\(standardError)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ProcessFailure("parlor did not listen within \(timeout):\n\(standardError)")
    }

    /// Waits for the process to end and returns its exit status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ProcessFailure("parlor did not exit within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        // Both pipes reach end of file once the handlers have read everything the process wrote.
        let drainDeadline = ContinuousClock.now + .seconds(10)
        while !(stdoutBuffer.isComplete && stderrBuffer.isComplete), ContinuousClock.now < drainDeadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        guard process.terminationReason == .exit else { throw ProcessFailure("parlor died of signal \(process.terminationStatus)") }
        return process.terminationStatus
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Runs `executable ARGUMENTS` to completion.
    static func run(
        _ arguments: [String], executable: String = "parlor", in directory: URL, environment: [String: String] = [:], input: Data? = nil,
        niceness: Int32 = 0, timeout: Duration = .seconds(180)
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ParlorProcess(arguments, executable: executable, in: directory, environment: environment, input: input)
        if niceness != 0 { child.lowerPriority(by: niceness) }
        let status = try await child.waitForExit(timeout: timeout)
        return (status, child.standardOutput, child.standardError)
    }
}

struct ProcessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What a child wrote to one of its pipes so far.
final class OutputBuffer: Sendable {
    private let data = Mutex(Data())
    private let ended = Mutex(false)

    /// Reads `handle` until end of file (an empty read: the writer has closed its end and
    /// everything is in), blocking the calling thread.
    func drain(_ handle: FileHandle) {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            data.withLock { $0.append(chunk) }
        }
        ended.withLock { $0 = true }
    }

    func append(_ bytes: some Sequence<UInt8>) { data.withLock { $0.append(contentsOf: bytes) } }

    var isComplete: Bool { ended.withLock { $0 } }

    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
}
