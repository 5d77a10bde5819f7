import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks a person at a terminal for a private lobby's passcode, without showing what they type.
/// Read a byte at a time with the terminal's echo and signals off, so Ctrl-C gives up here and
/// the terminal is always put back as it was (a signal would leave it without echo).
enum PasscodePrompt {
    /// Whether there is a person to ask: standard input is a terminal.
    static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// The passcode typed, or nil when the person gave up (Ctrl-C, Ctrl-D, Escape or an empty line).
    static func ask(_ prompt: String) -> String? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        FileHandle.standardOutput.write(Data(prompt.utf8))
        var typed: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            switch byte {
            case 0x0D, 0x0A: return typed.isEmpty ? nil : String(decoding: typed, as: UTF8.self)
            case 0x03, 0x04, 0x1B: return nil
            case 0x7F, 0x08:
                // One character back, all of its UTF-8 bytes.
                while let last = typed.popLast(), (0x80...0xBF).contains(last) {}
            default: typed.append(byte)
            }
        }
        return nil
    }
}
