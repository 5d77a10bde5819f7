import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process on a pseudo-terminal, as a person's terminal runs it: its standard input,
/// output and error are the terminal's slave side (so `isatty` holds and raw mode applies), and
/// the test types on the master side and reads everything drawn.
final class PseudoTerminalProcess: Sendable {
    private let process: Process
    private let master: Int32
    private let output = OutputBuffer()

    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        // Close-on-exec: children other tests start meanwhile must not inherit either side, or
        // the master would not see the end when this child exits.
        // posix_openpt and friends are hidden behind feature macros Swift's Glibc does not set;
        // they are these ioctls on Linux's devpts (TIOCSPTLCK to unlock, TIOCGPTN for the number).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw ProcessFailure("no pseudo-terminal: errno \(errno)")
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw ProcessFailure("cannot open /dev/pts/\(number): errno \(errno)") }
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        self.master = master
        process = Process()
        process.executableURL = ParlorProcess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARLOR_") && $0.key != "NO_COLOR" }
        inherited["TERM"] = "xterm-256color"
        inherited.merge(environment) { _, new in new }
        process.environment = inherited
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()
        Thread.detachNewThread { [output] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }  // EIO once the child and every slave fd are gone
                output.append(buffer[..<count])
            }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything drawn so far, escape sequences included.
    var text: String { output.text }

    /// The last frame drawn (after the last cursor-home), without escape sequences.
    var screen: String {
        let frames = text.components(separatedBy: "\u{1B}[H")
        return (frames.last ?? "").replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    var isRunning: Bool { process.isRunning }

    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the output contains `needle` (true) or `timeout` passes (false).
    func waitFor(_ needle: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if text.contains(needle) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return text.contains(needle)
    }

    /// Waits until the output matches `pattern` (its first match) or `timeout` passes (nil): for
    /// text that may arrive in more than one read, such as a line printed after the one waited for.
    func waitForMatch<Output>(_ pattern: Regex<Output>, timeout: Duration = .seconds(30)) async throws -> Regex<Output>.Match? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let match = text.firstMatch(of: pattern) { return match }
            try await Task.sleep(for: .milliseconds(20))
        }
        return text.firstMatch(of: pattern)
    }

    /// Waits for the child to end; its exit status.
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ProcessFailure("the child did not exit within \(timeout); it drew:\n\(screen)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(100))  // the reader takes the last bytes
        close(master)
        return process.terminationStatus
    }
}
