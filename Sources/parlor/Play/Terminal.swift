import Foundation
import TerminalPlay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal for `parlor play`: raw key input (no echo, no line editing, Ctrl-C a
/// key rather than a signal, so the terminal is always restored), output written straight to
/// the file descriptor, and the cursor hidden while a game is drawn. Standard input that is not
/// a terminal (a pipe) is read as it is.
final class Terminal: Sendable {
    private let saved: termios?
    let style: TerminalStyle

    init(colour: Bool) {
        if isatty(STDIN_FILENO) == 1 {
            var original = termios()
            tcgetattr(STDIN_FILENO, &original)
            var raw = original
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
            saved = original
        } else {
            saved = nil
        }
        let environment = ProcessInfo.processInfo.environment
        style = TerminalStyle(colour: colour && isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
        write("\u{1B}[?25l\u{1B}[2J")
    }

    /// Shows the cursor and puts the terminal back as it was.
    func restore() {
        write("\u{1B}[?25h")
        if var saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Keys from standard input until it ends. Read on a thread of its own: a blocking read on
    /// the concurrency pool would hold one of its few threads for as long as the player thinks.
    func keys() -> AsyncStream<Key> {
        let (keys, sink) = AsyncStream.makeStream(of: Key.self)
        let thread = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for key in decoder.decode(buffer[..<count]) { sink.yield(key) }
                // A lone ESC is the Escape key unless the rest of a sequence follows at once.
                if decoder.isWaiting, !Self.inputArrives(within: 50) {
                    for key in decoder.flush() { sink.yield(key) }
                }
            }
            for key in decoder.flush() { sink.yield(key) }
            sink.finish()
        }
        thread.start()
        return keys
    }

    private static func inputArrives(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}
